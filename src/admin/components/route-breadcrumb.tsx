import { useTranslation } from "react-i18next"

/**
 * A page's breadcrumb in the admin's language. The dashboard renders what a
 * route's `handle.breadcrumb` returns in its top bar, inside its i18n context.
 */
export function RouteBreadcrumb({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation()
  return <>{t(labelKey)}</>
}

/** The `handle` a plugin page exports for its breadcrumb (read by Medusa's admin bundler, as its own pages do). */
export const breadcrumbHandle = (labelKey: string) => ({ breadcrumb: () => <RouteBreadcrumb labelKey={labelKey} /> })
