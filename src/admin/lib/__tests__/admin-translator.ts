import i18next from "i18next"
import resources from "../../i18n"

/** The admin's translations in a language, read by i18next as the dashboard reads them; no interpolation. */
export async function adminTranslator(language: "en" | "it"): Promise<(key: string, fallback: string) => string> {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: language, resources, fallbackLng: "en" })
  return (key, fallback) => i18n.t(key, { skipInterpolation: true, defaultValue: fallback })
}
