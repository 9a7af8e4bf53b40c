import { toBuffer as renderBarcode } from "bwip-js"
import PDFDocument from "pdfkit"
import type { SandboxPickupPoint, SandboxWarehouse } from "./types"

export type LabelContent = {
  trackingNumber: string
  orderNumber: string
  orderReferenceCode: string
  customerName: string
  networkName: string
  labelType?: string
  warehouse: SandboxWarehouse
  pickupPoint: SandboxPickupPoint
}

/** An A6 shipping label: tracking number as a Code 128 barcode, sender warehouse, pickup point. */
export async function renderLabelPdf(label: LabelContent): Promise<Buffer> {
  const barcode = await renderBarcode({
    bcid: "code128",
    text: label.trackingNumber,
    scale: 3,
    height: 14,
    includetext: false,
  })

  const doc = new PDFDocument({
    size: "A6",
    margin: 18,
    info: { Title: `Label ${label.trackingNumber}`, Creator: "pickup-point-sandbox" },
  })
  const chunks: Buffer[] = []
  doc.on("data", (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)))
    doc.on("error", reject)
  })

  doc.font("Helvetica-Bold").fontSize(12).text(`${label.networkName} - pickup point delivery`)
  doc.moveDown(0.4)
  doc.image(barcode, { fit: [262, 60], align: "center" })
  doc.moveDown(0.2)
  doc.font("Courier-Bold").fontSize(12).text(label.trackingNumber, { align: "center" })
  doc.moveDown(0.6)

  section(doc, "FROM (warehouse)", [
    `${label.warehouse.name} (${label.warehouse.code})`,
    label.warehouse.address,
    `${label.warehouse.zipcode} ${label.warehouse.city} (${label.warehouse.department}) ${label.warehouse.country}`,
  ])
  section(doc, "TO (pickup point)", [
    `${label.pickupPoint.name} (${label.pickupPoint.publicCode})`,
    label.pickupPoint.address,
    `${label.pickupPoint.zipcode} ${label.pickupPoint.city} (${label.pickupPoint.department}) ${label.pickupPoint.country}`,
    `For: ${label.customerName}`,
  ])
  section(doc, "ORDER", [
    `${label.orderNumber} / ${label.orderReferenceCode}`,
    ...(label.labelType ? [`Label type: ${label.labelType}`] : []),
  ])

  doc.end()
  return finished
}

function section(doc: PDFKit.PDFDocument, title: string, lines: string[]): void {
  doc.font("Helvetica-Bold").fontSize(8).text(title)
  doc.font("Helvetica").fontSize(9)
  for (const line of lines) {
    doc.text(line)
  }
  doc.moveDown(0.5)
}
