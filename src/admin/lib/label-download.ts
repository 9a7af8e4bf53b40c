import type { MouseEvent } from "react"
import { sdk } from "./sdk"
import { downloadBlob } from "./shipment-list-queries"

/**
 * A label link's click: the PDF is fetched and saved as `label-<order>.pdf`,
 * as the route names it, so that a refusal (a label the carrier will not
 * give again, an expired session) reaches `onError` instead of opening a tab
 * of JSON. A click with a modifier (new tab or window) keeps the browser's
 * own handling of the link, which stays a plain link to the same route.
 */
export function downloadLabel(
  event: MouseEvent<HTMLAnchorElement>,
  shipment: { id: string; order_number: string },
  onError: (error: unknown) => void
) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  sdk.client
    .fetch<Response>(`/admin/pickup-point/shipments/${shipment.id}/label`, { headers: { accept: "application/pdf" } })
    .then((response) => response.blob())
    .then((pdf) => downloadBlob(new Blob([pdf], { type: "application/pdf" }), `label-${shipment.order_number}.pdf`), onError)
}
