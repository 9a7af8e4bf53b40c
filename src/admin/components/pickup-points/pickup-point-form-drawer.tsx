import { Button, Drawer, Input, Label, Switch, Text, toast, usePrompt } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { messageOf } from "../../lib/errors"
import {
  fieldErrorsFromApi,
  formValuesOf,
  MAX_LENGTHS,
  toRequestBody,
  validatePickupPoint,
  type PickupPointFormValues,
} from "../../lib/pickup-point-form"
import { useSavePickupPoint } from "../../lib/pickup-point-queries"
import type { PickupPoint } from "../../lib/types"
import { DrawerHeader } from "./drawer-header"
import { OpeningHoursFields } from "./opening-hours-fields"

type TextField = Exclude<keyof PickupPointFormValues, "requires_verification_code" | "is_active" | "opening_hours">

const FIELDS: { name: TextField; required?: boolean; hint?: boolean }[] = [
  { name: "code", required: true },
  { name: "name", required: true },
  { name: "address", required: true },
  { name: "postcode", required: true },
  { name: "city", required: true },
  { name: "province" },
  { name: "country_code", required: true, hint: true },
  { name: "public_code" },
  { name: "latitude" },
  { name: "longitude" },
  { name: "network_code" },
  { name: "network_name" },
]

type Props = { open: boolean; onOpenChange: (open: boolean) => void; point?: PickupPoint }

/** Creates a point, or edits one (its code stays), with a message under each field the rules refuse. */
export function PickupPointFormDrawer({ open, onOpenChange, point }: Props) {
  const { t } = useTranslation()
  const save = useSavePickupPoint()
  const [values, setValues] = useState(() => formValuesOf(point))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const creating = !point

  useEffect(() => {
    if (open) {
      setValues(formValuesOf(point))
      setErrors({})
      setGeneral(null)
    }
  }, [open, point])

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const found = validatePickupPoint(values)
    if (!creating) delete found.code
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key!)])))
    setGeneral(null)
    if (Object.keys(found).length) return
    save.mutate(
      { id: point?.id, body: toRequestBody(values, creating) },
      {
        onSuccess: ({ pickup_point }) => {
          toast.success(t(creating ? "pickupPoint.form.created" : "pickupPoint.form.updated", { code: pickup_point.code }))
          onOpenChange(false)
        },
        onError: (error) => {
          const { fields, general, codeTaken } = fieldErrorsFromApi(messageOf(error))
          setErrors(codeTaken ? { code: t("pickupPoint.form.errors.codeTaken", { code: values.code.trim() }) } : fields)
          setGeneral(general)
        },
      }
    )
  }

  const prompt = usePrompt()
  const changed = JSON.stringify(values) !== JSON.stringify(formValuesOf(point))
  // Closing with changes typed (Escape, the cross, Cancel, a click outside) asks first, as Medusa's own forms do.
  const requestOpen = async (next: boolean) => {
    if (next || !changed || save.isPending) return onOpenChange(next)
    // After the key press that asked (Escape): opened during it, the prompt would take the same Escape as its own "cancel".
    await new Promise((resolve) => setTimeout(resolve, 0))
    const discard = await prompt({
      title: t("pickupPoint.form.discard.title"),
      description: t("pickupPoint.form.discard.description"),
      confirmText: t("pickupPoint.form.discard.confirm"),
      cancelText: t("pickupPoint.form.discard.keep"),
      variant: "confirmation",
    })
    if (discard) onOpenChange(false)
  }

  const set = (name: Exclude<keyof PickupPointFormValues, "opening_hours">, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors(({ [name]: _cleared, ...rest }) => rest)
  }

  return (
    <Drawer open={open} onOpenChange={(next) => void requestOpen(next)}>
      <Drawer.Content>
        <form onSubmit={submit} noValidate className="flex h-full flex-col overflow-hidden">
          <DrawerHeader title={creating ? t("pickupPoint.form.createTitle") : t("pickupPoint.form.editTitle", { code: point!.code })} />
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            {FIELDS.filter((field) => creating || field.name !== "code").map((field) => {
              const id = `pickup-point-field-${field.name}`
              const error = errors[field.name]
              const described = [error ? `${id}-error` : null, field.hint && !error ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined
              const common = {
                id,
                value: values[field.name],
                "aria-invalid": !!error,
                "aria-describedby": described,
                maxLength: MAX_LENGTHS[field.name],
                onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field.name, event.target.value),
              }
              return (
                <div key={field.name} className="flex flex-col gap-y-1">
                  <Label htmlFor={id} size="small" weight="plus">
                    {t(`pickupPoint.form.fields.${field.name}`)}
                    {field.required ? "" : ` ${t("pickupPoint.form.optional")}`}
                  </Label>
                  <Input {...common} size="small" />
                  {field.hint && !error ? (
                    <Text id={`${id}-hint`} size="xsmall" className="text-ui-fg-subtle">
                      {t(`pickupPoint.form.hints.${field.name}`)}
                    </Text>
                  ) : null}
                  {error ? (
                    <Text id={`${id}-error`} size="xsmall" className="text-ui-fg-error">
                      {error}
                    </Text>
                  ) : null}
                </div>
              )
            })}
            <OpeningHoursFields
              hours={values.opening_hours}
              errors={errors}
              onChange={(day, text) => {
                setValues((current) => ({ ...current, opening_hours: { ...current.opening_hours, [day]: text } }))
                setErrors(({ [`opening_hours.${day}`]: _cleared, ...rest }) => rest)
              }}
            />
            {(["requires_verification_code", "is_active"] as const).map((name) => (
              <div key={name} className="flex items-center gap-x-2">
                <Switch id={`pickup-point-field-${name}`} checked={values[name]} onCheckedChange={(checked) => set(name, checked)} />
                <Label htmlFor={`pickup-point-field-${name}`} size="small">
                  {t(`pickupPoint.form.fields.${name}`)}
                </Label>
              </div>
            ))}
            {general ? (
              <Text role="alert" size="small" className="text-ui-fg-error">
                {general}
              </Text>
            ) : null}
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button size="small" variant="secondary" type="button">
                {t("pickupPoint.form.cancel")}
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={save.isPending}>
              {t("pickupPoint.form.save")}
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}

