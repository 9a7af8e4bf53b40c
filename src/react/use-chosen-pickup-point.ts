"use client"

import { useEffect, useRef, useState } from "react"
import { readChosenPickupPoint, type ChosenPickupPoint, type WithShippingMethods } from "../storefront/chosen-point"
import type { PickupPointDetails } from "../storefront/pickup-point"
import { withCurrentOpeningHours, withPickupPointDetails, type PickupPointStoreApi } from "../storefront/store-api"

/**
 * The chosen point of a cart or an order, for `PickupPointSummary`: at once
 * from the stored snapshot, or looked up by its code when the method carries
 * the code only. With `currentHours` (an order's page: its snapshot keeps the
 * hours of the day it was placed), the snapshot takes the opening hours the
 * catalog has now once they are read (`withCurrentOpeningHours`); a checkout
 * has no need of it, its point chosen moments ago.
 */
export function useChosenPickupPoint(
  api: Pick<PickupPointStoreApi, "retrieve" | "search">,
  cartOrOrder: WithShippingMethods | null | undefined,
  options: { currentHours?: boolean } = {}
): ChosenPickupPoint | null {
  const chosen = readChosenPickupPoint(cartOrOrder)
  // What the look-up found, by code: only the point, so that a newer cart or order of the same point keeps its own method.
  const [found, setFound] = useState<{ code: string; point: PickupPointDetails } | null>(null)
  const code = chosen?.code ?? null
  const hasSnapshot = !!chosen?.point
  const currentHours = !!options.currentHours
  // The latest `api`, for the look-up: one created inline is a new object each render, which must not
  // look the point up again (and again) on every render.
  const apiLatest = useRef(api)
  apiLatest.current = api

  useEffect(() => {
    setFound(null)
    if (!chosen || (hasSnapshot && !currentHours)) return
    const controller = new AbortController()
    const lookUp = hasSnapshot ? withCurrentOpeningHours : withPickupPointDetails
    lookUp(apiLatest.current, chosen, { signal: controller.signal })
      .then((result) => !controller.signal.aborted && result.point && setFound({ code: result.code, point: result.point }))
      .catch(() => undefined)
    return () => controller.abort()
    // The lookup depends on the code only; `chosen` is a new object each render.
  }, [code, hasSnapshot, currentHours])

  if (!chosen) return null
  if (found?.code !== chosen.code) return chosen
  return { ...chosen, point: chosen.point ? { ...chosen.point, opening_hours: found.point.opening_hours } : found.point }
}
