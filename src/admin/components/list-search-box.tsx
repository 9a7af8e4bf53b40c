import { Input, Label } from "@medusajs/ui"

/** A list's search box with its label above it, as the lists' other filters are laid out. */
export function ListSearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  className?: string
}) {
  return (
    <div className="flex flex-col gap-y-1">
      <Label htmlFor={id} size="small">
        {label}
      </Label>
      <Input id={id} size="small" className={className} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}
