import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PDFDocument } from "pdf-lib"
import { PICKUP_POINT_MODULE } from "../../../modules/pickup-point"
import type PickupPointModuleService from "../../../modules/pickup-point/service"
import type { PickupPointShipmentDTO } from "../../../modules/pickup-point/types"
import { stageOf } from "../../../modules/pickup-point/lib/tracking-stages"
import { restoreShipmentLabelWorkflow } from "../../../workflows/restore-shipment-label"
import { safeErrorMessage } from "../../../workflows/utils/to-medusa-error"

/** Label responses carry a customer's name and address: no cache, shared or the browser's, keeps them. */
export const LABEL_CACHE_CONTROL = "private, no-store"

/**
 * Whether the shipment's label is void: its shipment order was cancelled, by
 * the store or, after the label, by the carrier (the shipment then keeps its
 * label and status). Neither label route serves it: it must not go on a
 * parcel the carrier will not take.
 */
export function isLabelVoid(
  shipment: Pick<PickupPointShipmentDTO, "status" | "tracking_status_code"> | undefined,
  pickupPoints: Pick<PickupPointModuleService, "statusMapping">
): boolean {
  if (!shipment) return false
  const code = shipment.tracking_status_code
  return shipment.status === "cancelled" || (!!code && stageOf(code, pickupPoints.statusMapping) === "cancelled")
}

/**
 * The PDF of a shipment's stored label, for the admin routes only. Labels
 * live in the plugin's own table; an id that is not there is a label made
 * before that (by an earlier version, with the File Module), read from
 * there; one that is in neither is got again from the service.
 */
export async function readLabelPdf(container: MedusaContainer, shipment: Pick<PickupPointShipmentDTO, "id" | "label_file_id">): Promise<Buffer> {
  if (shipment.label_file_id) {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const pdf = await pickupPoints.retrieveLabelPdf(shipment.label_file_id)
    if (pdf) {
      return pdf
    }
    const fromFileModule = await container
      .resolve(Modules.FILE)
      .getAsBuffer(shipment.label_file_id)
      .catch(() => null)
    if (fromFileModule) {
      return fromFileModule
    }
  }
  return await restoreLabelPdf(container, shipment.id)
}

/** The shipment's label got again from the service and kept, for a stored copy that is lost or damaged. */
export async function restoreLabelPdf(container: MedusaContainer, shipmentId: string): Promise<Buffer> {
  const { result } = await restoreShipmentLabelWorkflow(container).run({ input: { shipment_id: shipmentId } })
  return Buffer.from(result.pdf_base64, "base64")
}

/** A label the carrier encrypted (an owner password): it prints as it came, but its pages cannot be copied into another PDF. */
export class EncryptedLabelError extends Error {
  constructor(shipmentId: string) {
    super(`The label of shipment ${shipmentId} is encrypted by the carrier: print it on its own.`)
  }
}

/**
 * A PDF opened, with pages to print: pdf-lib opens a cut-off file whose
 * trailer it can recover, and then fails (or finds nothing) only when its
 * pages are read. Such a file is damaged too. An encrypted one is not read
 * further (pdf-lib cannot decrypt its page tree, which may sit in encrypted
 * object streams): it is served as it came, or refused for merging.
 */
async function openWithPages(pdf: Buffer): Promise<PDFDocument> {
  const document = await PDFDocument.load(pdf, { ignoreEncryption: true })
  if (!document.isEncrypted && document.getPageCount() === 0) throw new Error("the file has no page to print")
  return document
}

/**
 * A shipment's label opened, from `pdf` (its stored copy): a damaged copy
 * (it would print as nothing) is got again from the service and kept in its
 * place. Answers the bytes that opened, and the document. An encrypted label
 * is not damaged: it opens (its bytes are served as they came), and with
 * `refuseEncrypted`, for merging, it is refused (EncryptedLabelError)
 * without asking the carrier again.
 */
export async function openLabelPdf(
  container: MedusaContainer,
  shipment: Pick<PickupPointShipmentDTO, "id" | "label_file_id">,
  pdf: Buffer,
  options: { refuseEncrypted?: boolean } = {}
): Promise<{ pdf: Buffer; document: PDFDocument }> {
  let opened: { pdf: Buffer; document: PDFDocument }
  try {
    opened = { pdf, document: await openWithPages(pdf) }
  } catch (damaged) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`[pickup-point] stored label ${shipment.label_file_id} of shipment ${shipment.id} is damaged (${safeErrorMessage(damaged)}); asking the carrier again`)
    const restored = await restoreLabelPdf(container, shipment.id)
    opened = { pdf: restored, document: await openWithPages(restored) }
  }
  if (options.refuseEncrypted && opened.document.isEncrypted) {
    throw new EncryptedLabelError(shipment.id)
  }
  return opened
}
