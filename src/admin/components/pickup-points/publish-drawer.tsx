import { Badge, Button, Drawer, Input, Label, Select, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { messageOf } from "../../lib/errors"
import { parsePrice } from "../../lib/format"
import { usePublishPickupPoints, usePublishTargets, type PublishResult } from "../../lib/pickup-point-queries"
import type { PickupPoint } from "../../lib/types"
import { DrawerHeader } from "./drawer-header"

type Props = { open: boolean; onOpenChange: (open: boolean) => void; points: PickupPoint[] }

/** The most points the publish route takes at once (AdminPublishPickupPoints). */
export const MAX_POINTS_PUBLISHED = 200

/** Publishes the selected points as shipping options of a service zone, and shows the outcome per point. */
export function PublishDrawer({ open, onOpenChange, points }: Props) {
  const { t } = useTranslation()
  const targets = usePublishTargets(open)
  const publish = usePublishPickupPoints()
  const [chosenZone, setZone] = useState("")
  const [chosenProfile, setProfile] = useState("")
  const [currency, setCurrency] = useState("eur")
  const [amount, setAmount] = useState("")
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<PublishResult | null>(null)
  // Inactive points are refused by the route (the whole batch): they are left out, and said so.
  const publishable = points.filter((point) => point.is_active)
  const inactiveCount = points.length - publishable.length
  const tooMany = publishable.length > MAX_POINTS_PUBLISHED
  const zones = targets.data?.zones ?? []
  const profiles = targets.data?.profiles ?? []
  // A store with one service zone, or one shipping profile, has nothing to choose: it is taken until the admin picks.
  const zone = chosenZone || (zones.length === 1 ? zones[0].id : "")
  const profile = chosenProfile || (profiles.length === 1 ? profiles[0].id : "")
  const noZones = targets.isSuccess && !zones.length
  const blocked = !publishable.length || tooMany || noZones

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (blocked) return
    const found: Record<string, string> = {}
    if (!zone) found.zone = t("pickupPoint.form.errors.required")
    if (!profile) found.profile = t("pickupPoint.form.errors.required")
    if (!/^[a-z]{3}$/i.test(currency.trim())) found.currency = t("pickupPoint.publish.errors.currency")
    if (Number.isNaN(parsePrice(amount))) found.amount = t("pickupPoint.publish.errors.amount")
    setErrors(found)
    if (Object.keys(found).length) return
    publish.mutate(
      {
        pickup_point_ids: publishable.map((point) => point.id),
        service_zone_id: zone,
        shipping_profile_id: profile,
        prices: [{ currency_code: currency.trim().toLowerCase(), amount: parsePrice(amount) }],
      },
      {
        onSuccess: (answer) => {
          setResult(answer)
          if (answer.shipping_options.length) toast.success(t("pickupPoint.publish.done", { count: answer.shipping_options.length }))
          else toast.warning(t("pickupPoint.publish.noneCreated"))
        },
        onError: (error) => toast.error(t("pickupPoint.publish.failed"), { description: messageOf(error) }),
      }
    )
  }

  const outcomeOf = (point: PickupPoint) => {
    if (!point.is_active) return { color: "grey" as const, label: t("pickupPoint.publish.notPublished"), detail: t("pickupPoint.publish.inactive") }
    if (!result) return null
    const option = result.shipping_options.find((o) => o.data?.pickup_point_code === point.code)
    if (option) return { color: "green" as const, label: t("pickupPoint.publish.published"), detail: option.name }
    if (result.skipped_pickup_point_ids.includes(point.id)) return { color: "grey" as const, label: t("pickupPoint.publish.skipped"), detail: t("pickupPoint.publish.skippedWhy") }
    return { color: "red" as const, label: t("pickupPoint.publish.notPublished"), detail: "" }
  }

  const describedBy = (name: string) => (errors[name] ? `pickup-point-publish-${name}-error` : undefined)
  const field = (id: string, label: string, control: React.ReactNode) => (
    <div className="flex flex-col gap-y-1">
      <Label htmlFor={id} size="small" weight="plus">
        {label}
      </Label>
      {control}
      {errors[id.replace("pickup-point-publish-", "")] ? (
        <Text id={`${id}-error`} size="xsmall" className="text-ui-fg-error">
          {errors[id.replace("pickup-point-publish-", "")]}
        </Text>
      ) : null}
    </div>
  )

  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) setResult(null)
      }}
    >
      <Drawer.Content>
        <form onSubmit={submit} noValidate className="flex h-full flex-col overflow-hidden">
          <DrawerHeader title={t("pickupPoint.publish.title", { count: publishable.length })} />
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            <Text size="small" className="text-ui-fg-subtle">
              {t("pickupPoint.publish.description")}
            </Text>
            {inactiveCount > 0 ? (
              <Text size="small" className="text-ui-fg-subtle">
                {t("pickupPoint.publish.inactiveLeftOut", { count: inactiveCount })}
              </Text>
            ) : null}
            {targets.isLoading ? (
              <Text size="small" className="text-ui-fg-subtle">
                {t("pickupPoint.publish.loadingTargets")}
              </Text>
            ) : null}
            {[
              targets.isError && t("pickupPoint.publish.targetsFailed", { message: messageOf(targets.error) }),
              noZones && t("pickupPoint.publish.noZones"),
              tooMany && t("pickupPoint.publish.tooMany", { max: MAX_POINTS_PUBLISHED, count: publishable.length }),
            ]
              .filter((text): text is string => !!text)
              .map((text) => (
                <Text key={text} role="alert" size="small" className="text-ui-fg-error">
                  {text}
                </Text>
              ))}
            {field(
              "pickup-point-publish-zone",
              t("pickupPoint.publish.zone"),
              <Select value={zone} onValueChange={setZone}>
                <Select.Trigger id="pickup-point-publish-zone" aria-invalid={!!errors.zone} aria-describedby={describedBy("zone")}>
                  <Select.Value placeholder={t("pickupPoint.publish.choose")} />
                </Select.Trigger>
                <Select.Content>
                  {zones.map((option) => (
                    <Select.Item key={option.id} value={option.id}>
                      {option.label}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            )}
            {field(
              "pickup-point-publish-profile",
              t("pickupPoint.publish.profile"),
              <Select value={profile} onValueChange={setProfile}>
                <Select.Trigger id="pickup-point-publish-profile" aria-invalid={!!errors.profile} aria-describedby={describedBy("profile")}>
                  <Select.Value placeholder={t("pickupPoint.publish.choose")} />
                </Select.Trigger>
                <Select.Content>
                  {profiles.map((option) => (
                    <Select.Item key={option.id} value={option.id}>
                      {option.label}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            )}
            <div className="grid grid-cols-2 gap-x-4">
              {field(
                "pickup-point-publish-currency",
                t("pickupPoint.publish.currency"),
                <Input id="pickup-point-publish-currency" size="small" value={currency} aria-invalid={!!errors.currency} aria-describedby={describedBy("currency")} onChange={(e) => setCurrency(e.target.value)} />
              )}
              {field(
                "pickup-point-publish-amount",
                t("pickupPoint.publish.amount"),
                <Input id="pickup-point-publish-amount" size="small" inputMode="decimal" value={amount} aria-invalid={!!errors.amount} aria-describedby={describedBy("amount")} onChange={(e) => setAmount(e.target.value)} />
              )}
            </div>
            <Table aria-label={t("pickupPoint.publish.resultsLabel")}>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{t("pickupPoint.list.code")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.list.name")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.publish.outcome")}</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {points.map((point) => {
                  const outcome = outcomeOf(point)
                  return (
                    <Table.Row key={point.id}>
                      <Table.Cell className="whitespace-nowrap">{point.code}</Table.Cell>
                      <Table.Cell>{point.name}</Table.Cell>
                      <Table.Cell className="whitespace-normal">
                        {outcome ? (
                          <div className="flex flex-col items-start gap-y-1 py-1">
                            <Badge size="2xsmall" color={outcome.color}>
                              {outcome.label}
                            </Badge>
                            <Text size="xsmall" className="text-ui-fg-subtle">
                              {outcome.detail}
                            </Text>
                          </div>
                        ) : (
                          "—"
                        )}
                      </Table.Cell>
                    </Table.Row>
                  )
                })}
              </Table.Body>
            </Table>
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button size="small" variant="secondary" type="button">
                {t("pickupPoint.form.close")}
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={publish.isPending} disabled={!!result || blocked}>
              {t("pickupPoint.publish.submit")}
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
