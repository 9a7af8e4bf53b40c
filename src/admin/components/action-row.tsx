import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** An action with, when it is disabled, the reason right under it (and tied to it for screen readers). */
export function ActionRow({ id, reason, children }: { id: string; reason: string | null; children: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-y-1">
      {children}
      {reason ? (
        <Text id={`${id}-reason`} size="xsmall" className="text-ui-fg-subtle max-w-md">
          {reason}
        </Text>
      ) : null}
    </div>
  )
}
