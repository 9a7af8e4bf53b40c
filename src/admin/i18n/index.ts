import en from "./json/en.json"
import it from "./json/it.json"

// The plugin's strings, merged by the dashboard into its own "translation" namespace (all under `pickupPoint`).
export default {
  en: { translation: en },
  it: { translation: it },
}
