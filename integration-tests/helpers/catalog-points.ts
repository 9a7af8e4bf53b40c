/** The point most end-to-end specs sell through: a Milano newsagent, as the admin API takes it. */
export const DUOMO_POINT = {
  code: "PP-MI-001",
  name: "Edicola Duomo",
  address: "Piazza del Duomo 1",
  city: "Milano",
  postcode: "20122",
  country_code: "IT",
  latitude: 45.4642,
  longitude: 9.19,
}

/** The same point with its public code and province, as the sandbox's catalog has it. */
export const DUOMO_POINT_WITH_CODES = { ...DUOMO_POINT, public_code: "MI001", province: "MI" }
