"use client"

import { useEffect, useRef, useState } from "react"
import { readChosenPickupPoint, type ChosenPickupPoint, type WithShippingMethods } from "../storefront/chosen-point"
import { withCurrentOpeningHours, withPickupPointDetails, type PickupPointStoreApi } from "../storefront/store-api"

/**
 * The chosen point of a cart or an order, for `PickupPointSummary`: at once
 * from the stored snapshot, or looked up by its code when the method carries
 * the code only. With `currentHours` (an order's page: its snapshot keeps the
 * hours of the day it was placed), the snapshot then takes the opening hours
 * the catalog has now. Not for a checkout: the point was chosen moments ago,
 * and the look-up, cached by the browser for a minute, would hide from the
 * picker a point deactivated since.
 */
export function useChosenPickupPoint(
  api: Pick<PickupPointStoreApi, "retrieve" | "search">,
  cartOrOrder: WithShippingMethods | null | undefined,
  options: { currentHours?: boolean } = {}
): ChosenPickupPoint | null {
  const chosen = readChosenPickupPoint(cartOrOrder)
  const [detailed, setDetailed] = useState<ChosenPickupPoint | null>(null)
  const code = chosen?.code ?? null
  const hasSnapshot = !!chosen?.point
  const currentHours = !!options.currentHours
  // The latest `api`, for the look-up: one created inline is a new object each render, which must not
  // look the point up again (and again) on every render.
  const apiLatest = useRef(api)
  apiLatest.current = api

  useEffect(() => {
    setDetailed(null)
    if (!chosen || (hasSnapshot && !currentHours)) return
    const controller = new AbortController()
    const lookUp = hasSnapshot ? withCurrentOpeningHours : withPickupPointDetails
    lookUp(apiLatest.current, chosen, { signal: controller.signal })
      .then((found) => !controller.signal.aborted && setDetailed(found))
      .catch(() => undefined)
    return () => controller.abort()
    // The lookup depends on the code only; `chosen` is a new object each render.
  }, [code, hasSnapshot, currentHours])

  if (!chosen) return null
  return detailed?.code === chosen.code ? detailed : chosen
}
