import { Button, Heading, Input, Label, Prompt, Text, Textarea, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  cancelRefusal,
  isCancellable,
  isFollowedByTracking,
  isRetryable,
  SHIPPED_OFF_STATUSES,
  trackingReportRefusal,
  TRACKING_STAGES,
} from "../../modules/pickup-point/lib/statuses"
import { isVerificationCodeRefusal, messageOf, refusalText, statusOf } from "../lib/errors"
import { formatDateTime } from "../lib/format"
import { useShipmentActions } from "../lib/queries"
import { backendLink } from "../lib/sdk"
import { codeNotNeeded, codeRefusalReason, hasPrintableLabel, isCancelledByCarrier, noLabelReason } from "../lib/shipment-advice"
import type { AdminShipment, VerificationCodeAllowance } from "../lib/types"
import { useNow } from "../lib/use-now"
import { downloadLabel } from "../lib/label-download"
import { trackingStatusText } from "../lib/tracking-status"
import { ActionRow } from "./action-row"
import { ChangePickupPoint } from "./change-pickup-point"

type Props = { shipment: AdminShipment; allowance: VerificationCodeAllowance }

/**
 * Every action on the shipment, each enabled by its state or disabled with the reason.
 * `busy`: the shipment shown is the order's previous one while its new one loads; nothing can run on it.
 */
export function ShipmentActions({
  shipment,
  allowance,
  orderStatus,
  shipsTo,
  fulfilledElsewhere,
  busy = false,
}: Props & { orderStatus?: string; shipsTo?: string | null; fulfilledElsewhere?: boolean; busy?: boolean }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="pickup-point-actions-heading" aria-busy={busy} className="flex flex-col gap-y-4 px-6 py-4">
      <Heading level="h3" id="pickup-point-actions-heading">
        {t("pickupPoint.actions.heading")}
      </Heading>
      {/* A disabled fieldset disables every control inside it; `contents` keeps the section's layout. */}
      <fieldset disabled={busy} className="contents">
        {/* Columns of one width, so that the buttons line up whatever the reasons under them. */}
        <div className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-x-6 gap-y-4">
          <DownloadLabel shipment={shipment} busy={busy} />
          <CancelShipment shipment={shipment} />
          <RetryShipment shipment={shipment} />
          <CheckWithCarrier shipment={shipment} />
          <ChangePickupPoint shipment={shipment} orderStatus={orderStatus} shipsTo={shipsTo} fulfilledElsewhere={fulfilledElsewhere} />
        </div>
        <SendCode shipment={shipment} allowance={allowance} />
        <RecordPickup shipment={shipment} codeSentAt={allowance.last_sent_at} />
      </fieldset>
    </section>
  )
}

function DownloadLabel({ shipment, busy }: { shipment: AdminShipment; busy: boolean }) {
  const { t } = useTranslation()
  const reason = hasPrintableLabel(shipment) ? null : t(noLabelReason(shipment))
  return (
    <ActionRow id="pickup-point-label" reason={reason}>
      {reason || busy ? (
        <Button size="small" variant="secondary" disabled aria-describedby={reason ? "pickup-point-label-reason" : undefined}>
          {t("pickupPoint.actions.downloadLabel")}
        </Button>
      ) : (
        <Button size="small" variant="secondary" asChild>
          <a
            href={backendLink(`/admin/pickup-point/shipments/${shipment.id}/label`)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => downloadLabel(event, shipment, (error) => toast.error(t("pickupPoint.toast.labelNotDownloaded"), { description: messageOf(error) }))}
          >
            {t("pickupPoint.actions.downloadLabel")}
          </a>
        </Button>
      )}
    </ActionRow>
  )
}

/** Why the shipment order cannot be cancelled here, as a translation key; null when it can. */
function cancelRefusalKey(shipment: AdminShipment): string | null {
  // Nothing is left to cancel at the carrier: the order's own cancel records it.
  if (isCancelledByCarrier(shipment)) return "pickupPoint.refusal.cancel.byCarrier"
  if (cancelRefusal(shipment)) return `pickupPoint.refusal.cancel.${shipment.status}`
  if (!isCancellable(shipment.status)) return "pickupPoint.refusal.cancel.cancelled"
  return null
}

function CancelShipment({ shipment }: { shipment: AdminShipment }) {
  const { t } = useTranslation()
  const { cancel } = useShipmentActions(shipment.id)
  const [open, setOpen] = useState(false)
  const [notes, setNotes] = useState("")
  const refusalKey = cancelRefusalKey(shipment)
  const reason = refusalKey ? t(refusalKey) : null

  const confirm = () =>
    cancel.mutate(notes.trim() || undefined, {
      onSuccess: () => {
        toast.success(t("pickupPoint.toast.cancelled", { number: shipment.order_number }))
        setNotes("")
      },
      onError: (error) => toast.error(t("pickupPoint.toast.cancelRefused"), { description: refusalText(error, t) }),
    })

  return (
    <ActionRow
      id="pickup-point-cancel"
      reason={reason}
      action={{ label: t("pickupPoint.actions.cancel"), pending: cancel.isPending, onClick: () => setOpen(true), variant: "danger" }}
    >
      <Prompt open={open} onOpenChange={setOpen}>
        <Prompt.Content>
          <Prompt.Header>
            <Prompt.Title>{t("pickupPoint.cancelPrompt.title", { number: shipment.order_number })}</Prompt.Title>
            <Prompt.Description>{t("pickupPoint.cancelPrompt.description")}</Prompt.Description>
          </Prompt.Header>
          <div className="flex flex-col gap-y-2 px-6 pb-4">
            <Label htmlFor="pickup-point-cancel-notes" size="small">
              {t("pickupPoint.cancelPrompt.notes")}
            </Label>
            <Textarea id="pickup-point-cancel-notes" value={notes} maxLength={500} onChange={(event) => setNotes(event.target.value)} />
          </div>
          <Prompt.Footer>
            <Prompt.Cancel>{t("pickupPoint.cancelPrompt.keep")}</Prompt.Cancel>
            <Prompt.Action onClick={confirm}>{t("pickupPoint.cancelPrompt.confirm")}</Prompt.Action>
          </Prompt.Footer>
        </Prompt.Content>
      </Prompt>
    </ActionRow>
  )
}

/** Reads the parcel's status from the carrier now, rather than at the next sync. */
function CheckWithCarrier({ shipment }: { shipment: AdminShipment }) {
  const { t } = useTranslation()
  const { sync } = useShipmentActions(shipment.id)
  const reason = shipment.order_reference_code && isFollowedByTracking(shipment) ? null : t("pickupPoint.refusal.sync")
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: ({ shipment: after }) =>
        toast.success(t("pickupPoint.toast.synced"), {
          description: after.tracking_status_code
            ? trackingStatusText(after.tracking_status_code, after.tracking_status_description, (key, fallback) => t(key, { defaultValue: fallback }))
            : t("pickupPoint.toast.syncedNothing"),
        }),
      onError: (error) => toast.error(t("pickupPoint.toast.syncRefused"), { description: refusalText(error, t) }),
    })
  return (
    <ActionRow id="pickup-point-sync" reason={reason} action={{ label: t("pickupPoint.actions.sync"), pending: sync.isPending, onClick: run }} />
  )
}

function RetryShipment({ shipment }: { shipment: AdminShipment }) {
  const { t } = useTranslation()
  const { retry } = useShipmentActions(shipment.id)
  const reason = isRetryable(shipment.status) ? null : t("pickupPoint.refusal.retry")
  const run = () =>
    retry.mutate(undefined, {
      onSuccess: ({ shipment: after }) =>
        after.status === "failed"
          ? toast.error(t("pickupPoint.toast.retryFailed"), { description: after.last_error ?? undefined })
          : toast.success(t("pickupPoint.toast.retried", { status: t(`pickupPoint.status.${after.status}`) })),
      onError: (error) => toast.error(t("pickupPoint.toast.retryRefused"), { description: refusalText(error, t) }),
    })
  return (
    <ActionRow id="pickup-point-retry" reason={reason} action={{ label: t("pickupPoint.actions.retry"), pending: retry.isPending, onClick: run }} />
  )
}

function SendCode({ shipment, allowance }: Props) {
  const { t, i18n } = useTranslation()
  const { sendCode } = useShipmentActions(shipment.id)
  const now = useNow()
  const sentBefore = allowance.last_sent_at !== null
  const nextAllowed = allowance.next_allowed_at ? new Date(allowance.next_allowed_at).getTime() : 0
  const refusal = codeRefusalReason(shipment)
  const reason = refusal
    ? t(refusal)
    : // The allowance is the page's snapshot: once its time has come, the server will take a send again.
      allowance.remaining_today === 0 && (!nextAllowed || nextAllowed > now)
      ? t("pickupPoint.refusal.code.limit", { count: allowance.max_per_day, when: formatDateTime(allowance.next_allowed_at, i18n.language) })
      : nextAllowed > now
        ? t("pickupPoint.refusal.code.wait", { when: formatDateTime(allowance.next_allowed_at, i18n.language) })
        : null
  const run = () =>
    sendCode.mutate(undefined, {
      onSuccess: ({ verification_code }) =>
        // A send whose answer was lost: it counts as sent, and probably was.
        verification_code.confirmed === false
          ? toast.warning(t("pickupPoint.toast.codeProbablySent", { email: verification_code.masked_email }))
          : toast.success(t("pickupPoint.toast.codeSent", { email: verification_code.masked_email })),
      onError: (error) => toast.error(t("pickupPoint.toast.codeRefused"), { description: refusalText(error, t) }),
    })
  return (
    <ActionRow id="pickup-point-code" reason={reason}>
      <div className="flex flex-wrap items-center gap-x-3">
        <Button
          size="small"
          variant="secondary"
          disabled={!!reason || sendCode.isPending}
          isLoading={sendCode.isPending}
          aria-describedby={reason ? "pickup-point-code-reason" : "pickup-point-code-allowance"}
          onClick={run}
        >
          {t(sentBefore ? "pickupPoint.actions.resendCode" : "pickupPoint.actions.sendCode")}
        </Button>
        <Text id="pickup-point-code-allowance" size="xsmall" className="text-ui-fg-subtle">
          {t("pickupPoint.code.allowance", {
            sent: allowance.sent_last_24h,
            max: allowance.max_per_day,
          })}
          {codeNotNeeded(shipment) ? ` ${t("pickupPoint.code.notNeeded")}` : ""}
        </Text>
      </div>
    </ActionRow>
  )
}

function RecordPickup({ shipment, codeSentAt }: { shipment: AdminShipment; codeSentAt: string | null }) {
  const { t } = useTranslation()
  const { handover } = useShipmentActions(shipment.id)
  const [code, setCode] = useState("")
  // Kept with the latest code send when it was asked: a code sent since makes "this code is wrong" stale.
  const [error, setError] = useState<{ text: string; codeSentAt: string | null } | null>(null)
  const inlineError = error && error.codeSentAt === codeSentAt ? error.text : null
  const setInlineError = (text: string | null) => setError(text === null ? null : { text, codeSentAt })
  const delivered = (shipment.tracking_stage ?? 0) >= TRACKING_STAGES.delivered
  const reason = delivered
    ? t("pickupPoint.refusal.pickup.closed")
    : trackingReportRefusal(shipment) || !SHIPPED_OFF_STATUSES.includes(shipment.status as never)
      ? t("pickupPoint.refusal.pickup.noParcel")
      : null
  const needsCode = !!shipment.pickup_point?.requires_verification_code
  const prompt = usePrompt()

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setInlineError(null)
    const value = code.trim()
    if (needsCode && !value) {
      setInlineError(t("pickupPoint.pickup.codeRequired"))
      return
    }
    // Without a code typed, one click would tell the carrier the parcel was collected: asked first, as it cannot be undone.
    // So is a pickup before the carrier reported the parcel at the point: it may still be on its way (or tracking lags).
    const notAtPoint = (shipment.tracking_stage ?? 0) < TRACKING_STAGES.at_pickup_point
    if (!value || notAtPoint) {
      const confirmed = await prompt({
        title: t("pickupPoint.pickupPrompt.title", { number: shipment.order_number }),
        description: notAtPoint
          ? `${t("pickupPoint.pickupPrompt.notAtPoint")} ${t("pickupPoint.pickupPrompt.description")}`
          : t("pickupPoint.pickupPrompt.description"),
        confirmText: t("pickupPoint.pickupPrompt.confirm"),
        cancelText: t("pickupPoint.pickupPrompt.keep"),
        variant: "confirmation",
      })
      if (!confirmed) return
    }
    handover.mutate(value || undefined, {
      onSuccess: () => {
        setCode("")
        toast.success(t("pickupPoint.toast.pickedUp", { number: shipment.order_number }))
      },
      onError: (error) => {
        // Only a refusal of the code itself is the code's fault: a 400 may also refuse the state
        // (another admin recorded the pickup) or come from the carrier, and then says why.
        if (statusOf(error) === 400 && isVerificationCodeRefusal(error)) {
          setInlineError(
            !value
              ? t("pickupPoint.pickup.codeRequired")
              : t(codeSentAt ? "pickupPoint.pickup.codeWrong" : "pickupPoint.pickup.codeWrongNoneSent")
          )
        } else {
          toast.error(t("pickupPoint.toast.pickupRefused"), { description: refusalText(error, t) })
        }
      },
    })
  }

  return (
    <ActionRow id="pickup-point-pickup" reason={reason}>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="pickup-point-pickup-code" size="small">
            {t(needsCode ? "pickupPoint.pickup.codeLabelRequired" : "pickupPoint.pickup.codeLabel")}
          </Label>
          <Input
            id="pickup-point-pickup-code"
            size="small"
            autoComplete="off"
            maxLength={32}
            value={code}
            disabled={!!reason}
            aria-invalid={!!inlineError}
            aria-describedby={inlineError ? "pickup-point-pickup-error" : undefined}
            onChange={(event) => {
              setCode(event.target.value)
              setInlineError(null)
            }}
          />
        </div>
        <Button
          size="small"
          variant="secondary"
          type="submit"
          disabled={!!reason || handover.isPending}
          isLoading={handover.isPending}
          aria-describedby={reason ? "pickup-point-pickup-reason" : undefined}
        >
          {t("pickupPoint.actions.recordPickup")}
        </Button>
      </form>
      {inlineError ? (
        <Text id="pickup-point-pickup-error" role="alert" size="small" className="text-ui-fg-error">
          {inlineError}
        </Text>
      ) : null}
    </ActionRow>
  )
}
