import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App"
import { LanguageProvider } from "./language"
import "./styles.css"

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <LanguageProvider>
      <App />
    </LanguageProvider>
  </StrictMode>
)
