import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { messageOf } from "./errors"
import { PICKUP_POINT_QUERY_KEY } from "./queries"
import { sdk } from "./sdk"
import type { AdminShipment } from "./types"

export type ShipmentFilters = { q?: string; status?: string; stage?: string; needs_attention?: "true"; limit: number; offset: number }

export function useShipmentList(filters: ShipmentFilters) {
  return useQuery({
    queryKey: [PICKUP_POINT_QUERY_KEY, "shipments", "list", filters],
    queryFn: () =>
      sdk.client.fetch<{ shipments: AdminShipment[]; count: number }>("/admin/pickup-point/shipments", {
        query: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
      }),
    placeholderData: keepPreviousData,
  })
}

/** The list's limit per request (AdminListShipments). */
const SHIPMENTS_PER_READ = 100

/**
 * The shipments of these ids as they are now, by id: a bulk action judges each chosen shipment
 * by this, not by the copy it was chosen with on another page. One missing (archived) is absent.
 */
export async function fetchShipmentsById(ids: string[]): Promise<Map<string, AdminShipment>> {
  const found = new Map<string, AdminShipment>()
  for (let start = 0; start < ids.length; start += SHIPMENTS_PER_READ) {
    const part = ids.slice(start, start + SHIPMENTS_PER_READ)
    const { shipments } = await sdk.client.fetch<{ shipments: AdminShipment[] }>("/admin/pickup-point/shipments", {
      query: { id: part, limit: part.length },
    })
    for (const shipment of shipments) found.set(shipment.id, shipment)
  }
  return found
}

/** One shipment's outcome in a bulk action. */
export type BulkOutcome = { id: string; order_number: string; ok: boolean; message: string }

/** Runs an action on each shipment in turn, so one refusal never stops the others; answers each outcome. */
export async function runForEach(
  shipments: AdminShipment[],
  action: (shipment: AdminShipment) => Promise<string>
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = []
  for (const shipment of shipments) {
    try {
      outcomes.push({ id: shipment.id, order_number: shipment.order_number, ok: true, message: await action(shipment) })
    } catch (error) {
      outcomes.push({ id: shipment.id, order_number: shipment.order_number, ok: false, message: messageOf(error) })
    }
  }
  return outcomes
}

/** The bulk print's answer came without the headers that say which labels its PDF holds (a proxy dropped them). */
export class LabelListLostError extends Error {
  constructor() {
    super("The answer does not say which labels the PDF holds (its X-Pickup-Point-* headers did not arrive whole): check that a proxy passes them on.")
  }
}

/**
 * The labels of the shipments as one PDF, which shipments it holds, which had a label that could not be
 * read, and which a label the carrier encrypted (it prints alone, not merged).
 */
export async function fetchMergedLabels(
  ids: string[]
): Promise<{ pdf: Blob; printed: string[]; skipped: string[]; unreadable: string[]; encrypted: string[] }> {
  const response = await sdk.client.fetch<Response>("/admin/pickup-point/labels", {
    method: "POST",
    body: { shipment_ids: ids },
    headers: { accept: "application/pdf" },
  })
  // An empty list may not arrive at all (some proxies drop empty headers): read as none, and checked by the count.
  const list = (name: string) => (response.headers.get(name) ?? "").split(",").filter(Boolean).map(decodeURIComponent)
  const [skipped, unreadable, encrypted] = [list("x-pickup-point-skipped"), list("x-pickup-point-unreadable"), list("x-pickup-point-encrypted")]
  // The server names only the shipments it left out: the rest are in the PDF, in the order asked, each once.
  const left = new Set([...skipped, ...unreadable, ...encrypted])
  const printed = [...new Set(ids)].filter((id) => !left.has(id))
  const count = response.headers.get("x-pickup-point-count")
  if (count === null || Number(count) !== printed.length) {
    // A proxy stripped a list that was not empty: every shipment asked would pass for printed. Say so instead.
    throw new LabelListLostError()
  }
  return { pdf: await response.blob(), printed, skipped, unreadable, encrypted }
}

/** Hands a file to the browser as a download. */
export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement("a")
  link.href = url
  link.download = filename
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
