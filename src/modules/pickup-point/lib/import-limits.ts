/**
 * The largest CSV import request the server reads (its JSON body): a national
 * network's file runs to several megabytes. The admin checks a file against
 * it before sending, so that a larger one is refused with what to do instead
 * of the server's bare "request entity too large".
 */
export const CSV_IMPORT_MAX_BYTES = 25 * 1024 * 1024
