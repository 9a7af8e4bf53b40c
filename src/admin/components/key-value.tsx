import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** One labelled value in a section, laid out like Medusa's own order sections. */
export function KeyValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="text-ui-fg-subtle grid grid-cols-2 items-start px-6 py-3">
      <Text size="small" weight="plus" leading="compact">
        {label}
      </Text>
      <div className="txt-compact-small text-ui-fg-base break-words">{children ?? "—"}</div>
    </div>
  )
}
