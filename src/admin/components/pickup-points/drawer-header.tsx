import { XMark } from "@medusajs/icons"
import { Drawer, IconButton, Kbd } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

/**
 * Drawer.Header's look, with a close button that has a name: the one
 * Drawer.Header renders is an unnamed icon button (axe: button-name).
 */
export function DrawerHeader({ title }: { title: string }) {
  const { t } = useTranslation()
  return (
    <div className="border-ui-border-base flex items-start justify-between gap-x-4 border-b px-6 py-4">
      <Drawer.Title>{title}</Drawer.Title>
      <div className="flex items-center gap-x-2">
        <Kbd aria-hidden>esc</Kbd>
        <Drawer.Close asChild>
          <IconButton size="small" type="button" variant="transparent" aria-label={t("pickupPoint.form.close")}>
            <XMark />
          </IconButton>
        </Drawer.Close>
      </div>
    </div>
  )
}
