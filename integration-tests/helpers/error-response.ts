import type { AxiosError, AxiosResponse } from "axios"

/** The response of a request that failed with an HTTP status, to assert on it. */
export function errorResponse(error: unknown): AxiosResponse {
  const response = (error as AxiosError).response
  if (!response) {
    throw error
  }
  return response
}
