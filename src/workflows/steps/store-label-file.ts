import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const storeLabelFileStepId = "pickup-point-store-label-file"

/** Stores a label PDF with Medusa's File Module; removed again if a later step fails. */
export const storeLabelFileStep = createStep(
  storeLabelFileStepId,
  async (input: { order_number: string; pdf_base64: string | null }, { container }) => {
    if (!input.pdf_base64) {
      return new StepResponse(null, null)
    }
    const files = container.resolve(Modules.FILE)
    const file = await files.createFiles({
      filename: `pickup-point-label-${input.order_number}.pdf`,
      mimeType: "application/pdf",
      content: input.pdf_base64,
      access: "private",
    })
    return new StepResponse({ id: file.id, url: file.url }, file.id)
  },
  async (fileId, { container }) => {
    if (fileId) {
      await container.resolve(Modules.FILE).deleteFiles(fileId)
    }
  }
)
