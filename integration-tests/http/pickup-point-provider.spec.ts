import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { adminHeaders } from "../helpers/admin-session"
import { errorResponse } from "../helpers/error-response"

jest.setTimeout(120_000)

const PROVIDER_ID = "pickup-point_pickup-point"

useSandboxForApp()

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    it("answers /health", async () => {
      const response = await api.get("/health")
      expect(response.status).toBe(200)
    })

    it("registers the provider in the fulfillment module with its fulfillment option", async () => {
      const fulfillment = getContainer().resolve(Modules.FULFILLMENT)
      const providers = await fulfillment.listFulfillmentProviders({})
      expect(providers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: PROVIDER_ID, is_enabled: true }),
          expect.objectContaining({ id: "manual_manual", is_enabled: true }),
        ])
      )
      await expect(fulfillment.retrieveFulfillmentOptions(PROVIDER_ID)).resolves.toEqual([
        { id: "pickup-point", name: "Pickup point (shopper chooses)" },
      ])
    })

    it("lists the provider and its options on the admin API", async () => {
      const auth = await adminHeaders(getContainer(), api)

      const providers = await api.get("/admin/fulfillment-providers", auth)
      expect(providers.status).toBe(200)
      expect(providers.data.fulfillment_providers).toEqual(
        expect.arrayContaining([{ id: PROVIDER_ID, is_enabled: true }])
      )

      const options = await api.get(`/admin/fulfillment-providers/${PROVIDER_ID}/options`, auth)
      expect(options.status).toBe(200)
      expect(options.data.fulfillment_options).toEqual([
        { id: "pickup-point", name: "Pickup point (shopper chooses)" },
      ])
    })

    it("refuses the admin API without a session", async () => {
      const response = await api
        .get("/admin/fulfillment-providers")
        .catch(errorResponse)
      expect(response.status).toBe(401)
    })
  },
})
