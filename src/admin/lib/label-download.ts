import type { MouseEvent } from "react"
import { sdk } from "./sdk"

/**
 * A label link's click: the PDF is fetched first and shown in a new tab,
 * so that a refusal (a label the carrier will not give again, an expired
 * session) reaches `onError` instead of a tab of JSON. A click with a
 * modifier (new window, download) keeps the browser's own handling of the
 * link, which stays a plain link to the same route.
 */
export function openLabel(event: MouseEvent<HTMLAnchorElement>, shipmentId: string, onError: (error: unknown) => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  // Opened now, while the click counts as the admin's own: one opened after the fetch may be blocked.
  const tab = window.open("", "_blank")
  sdk.client
    .fetch<Response>(`/admin/pickup-point/shipments/${shipmentId}/label`, { headers: { accept: "application/pdf" } })
    .then((response) => response.blob())
    .then(
      (pdf) => {
        const url = URL.createObjectURL(new Blob([pdf], { type: "application/pdf" }))
        if (tab) tab.location.href = url
        else window.open(url, "_blank")
        // The tab has the document by then; the URL is let go.
        setTimeout(() => URL.revokeObjectURL(url), 60_000)
      },
      (error) => {
        tab?.close()
        onError(error)
      }
    )
}
