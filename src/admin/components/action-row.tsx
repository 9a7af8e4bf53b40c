import { Button, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

type Action = { label: string; pending: boolean; onClick: () => void; variant?: "secondary" | "danger" }

/**
 * An action with, when it is disabled, the reason right under it (and tied to it for screen readers).
 * `action`: its one button, disabled with the reason or while it runs; `children` follow it.
 */
export function ActionRow({ id, reason, action, children }: { id: string; reason: string | null; action?: Action; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-y-1">
      {action ? (
        <Button
          size="small"
          variant={action.variant ?? "secondary"}
          disabled={!!reason || action.pending}
          isLoading={action.pending}
          aria-describedby={reason ? `${id}-reason` : undefined}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ) : null}
      {children}
      {reason ? (
        <Text id={`${id}-reason`} size="xsmall" className="text-ui-fg-subtle max-w-md">
          {reason}
        </Text>
      ) : null}
    </div>
  )
}
