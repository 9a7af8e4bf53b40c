/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly STOREFRONT_MEDUSA_URL?: string
  readonly STOREFRONT_PUBLISHABLE_KEY?: string
}
