import type { SandboxSeed } from "./types"

/** Credentials of the demo seed, printed at start-up and used by the demo and the README. */
export const DEMO_MERCHANTS = {
  delivery: { merchantCode: "DEMO-DELIVERY", apiKey: "sandbox-delivery-key" },
  storage: { merchantCode: "DEMO-STORAGE", apiKey: "sandbox-storage-key" },
} as const

/**
 * Two merchants (DELIVERY with insurance, STORAGE without), one warehouse
 * each, and pickup points in two networks, two of which require a
 * verification code at handover.
 */
export function demoSeed(options: { webhookUrl?: string } = {}): SandboxSeed {
  return {
    merchants: [
      { ...DEMO_MERCHANTS.delivery, type: "DELIVERY", insuranceEnabled: true, webhookUrl: options.webhookUrl },
      { ...DEMO_MERCHANTS.storage, type: "STORAGE", insuranceEnabled: false, webhookUrl: options.webhookUrl },
    ],
    warehouses: [
      {
        merchantCode: DEMO_MERCHANTS.delivery.merchantCode,
        code: "WH-MILANO",
        name: "Milano central warehouse",
        address: "Via Mecenate 76",
        city: "Milano",
        zipcode: "20138",
        department: "MI",
        country: "IT",
      },
      {
        merchantCode: DEMO_MERCHANTS.storage.merchantCode,
        code: "WH-ROMA",
        name: "Roma storage",
        address: "Via Tiburtina 1020",
        city: "Roma",
        zipcode: "00156",
        department: "RM",
        country: "IT",
      },
    ],
    pickupPoints: [
      point("PP-MI-001", "MI001", "Edicola Duomo", "Piazza del Duomo 1", "Milano", "20122", "MI", false),
      point("PP-MI-002", "MI002", "Tabacchi Navigli", "Ripa di Porta Ticinese 55", "Milano", "20143", "MI", true),
      point("PP-RM-001", "RM001", "Cartoleria Trastevere", "Viale di Trastevere 60", "Roma", "00153", "RM", false),
      point("PP-TO-001", "TO001", "Bar Porta Nuova", "Corso Vittorio Emanuele II 53", "Torino", "10125", "TO", false),
      {
        ...point("LK-MI-100", "LK100", "Locker Stazione Centrale", "Piazza Duca d'Aosta 1", "Milano", "20124", "MI", true),
        networkCode: "LOCKERNET",
        networkName: "LockerNet",
      },
    ],
  }
}

function point(
  code: string,
  publicCode: string,
  name: string,
  address: string,
  city: string,
  zipcode: string,
  department: string,
  requiresVerificationCode: boolean
) {
  return {
    code,
    publicCode,
    name,
    address,
    city,
    zipcode,
    department,
    country: "IT",
    networkCode: "PUDO",
    networkName: "PUDO Network",
    requiresVerificationCode,
  }
}
