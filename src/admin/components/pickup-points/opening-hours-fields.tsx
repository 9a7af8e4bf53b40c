import { Button, Input, Label, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { DAY_HOURS_MAX_LENGTH, parseDayHours, WEEKDAYS, type Weekday } from "../../lib/pickup-point-form"

type Props = {
  hours: Record<Weekday, string>
  errors: Record<string, string>
  onChange: (day: Weekday, text: string) => void
}

/** The week's opening hours, a line a day: the ranges typed as people write them, an empty day closed. */
export function OpeningHoursFields({ hours, errors, onChange }: Props) {
  const { t } = useTranslation()
  const tuesdayToFriday = WEEKDAYS.slice(1, 5)
  // Most points open the same hours on weekdays: Monday's, written once (offered once they read as hours).
  const copyMonday = () => tuesdayToFriday.forEach((day) => onChange(day, hours.mon))
  return (
    <fieldset className="flex flex-col gap-y-2" aria-describedby="pickup-point-hours-hint">
      <legend className="txt-compact-small-plus mb-1">
        {t("pickupPoint.form.fields.opening_hours")} {t("pickupPoint.form.optional")}
      </legend>
      <Text id="pickup-point-hours-hint" size="xsmall" className="text-ui-fg-subtle">
        {t("pickupPoint.form.hints.opening_hours")}
      </Text>
      {WEEKDAYS.map((day) => {
        const id = `pickup-point-field-hours-${day}`
        const error = errors[`opening_hours.${day}`]
        return (
          <div key={day} className="flex flex-col gap-y-1">
            <div className="grid grid-cols-[7rem_1fr] items-center gap-x-2">
              <Label htmlFor={id} size="small">
                {t(`pickupPoint.form.dayNames.${day}`)}
              </Label>
              <Input
                id={id}
                size="small"
                value={hours[day]}
                placeholder={t("pickupPoint.form.closed")}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                maxLength={DAY_HOURS_MAX_LENGTH}
                onChange={(event) => onChange(day, event.target.value)}
              />
            </div>
            {error ? (
              <Text id={`${id}-error`} size="xsmall" className="text-ui-fg-error pl-[7.5rem]">
                {error}
              </Text>
            ) : null}
          </div>
        )
      })}
      <div>
        <Button type="button" size="small" variant="transparent" disabled={!parseDayHours(hours.mon)?.length} onClick={copyMonday}>
          {t("pickupPoint.form.copyMonday")}
        </Button>
      </div>
    </fieldset>
  )
}
