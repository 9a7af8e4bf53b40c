import { Badge, Button, Drawer, Label, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { decodeUtf8, IMPORT_MAX_MEGABYTES, oversizedImportMegabytes, rowsListed } from "../../lib/csv-file"
import { messageOf } from "../../lib/errors"
import { formatDecimal } from "../../lib/format"
import { rejectionText } from "../../lib/import-rejection"
import { useImportPickupPoints, type ImportResult } from "../../lib/pickup-point-queries"
import { DrawerHeader } from "./drawer-header"

const RESULT_COLOR = { created: "green", updated: "blue", rejected: "red" } as const

/** Uploads a CSV file of points and shows what became of each row. */
export function ImportCsvDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation()
  const importCsv = useImportPickupPoints()
  const [file, setFile] = useState<File | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  // Why the file as a whole was not imported, next to it (a toast goes by before it is read).
  const [fileError, setFileError] = useState<string | null>(null)
  // Reading a large file takes a moment before the request: a second click then must not import it twice.
  const [reading, setReading] = useState(false)
  const busy = reading || importCsv.isPending

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!file || busy) return
    setFileError(null)
    setReading(true)
    const csv = await file
      .arrayBuffer()
      .then(decodeUtf8)
      .finally(() => setReading(false))
    if (csv === null) {
      setFileError(t("pickupPoint.import.notUtf8"))
      return
    }
    const oversized = oversizedImportMegabytes(csv)
    if (oversized !== null) {
      const size = (megabytes: number) => formatDecimal(megabytes, i18n.language)
      setFileError(t("pickupPoint.import.tooLarge", { size: size(oversized), max: size(IMPORT_MAX_MEGABYTES) }))
      return
    }
    importCsv.mutate(csv, {
      onSuccess: (answer) => {
        setResult(answer)
        const done = t("pickupPoint.import.done", { created: answer.created, updated: answer.updated, rejected: answer.rejected })
        // A file whose rows were all refused imported nothing: not a success, whatever the status.
        if (!answer.rejected) toast.success(done)
        else if (answer.created + answer.updated) toast.warning(done, { description: t("pickupPoint.import.fixRejected") })
        else toast.error(t("pickupPoint.import.noneImported"), { description: `${done}. ${t("pickupPoint.import.fixRejected")}` })
      },
      onError: (error) => {
        setFileError(messageOf(error))
        toast.error(t("pickupPoint.import.failed"), { description: messageOf(error) })
      },
    })
  }

  const listed = result ? rowsListed(result.rows) : []

  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) {
          setFile(null)
          setResult(null)
          setFileError(null)
        }
      }}
    >
      <Drawer.Content>
        <DrawerHeader title={t("pickupPoint.import.title")} />
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          <form onSubmit={submit} className="flex flex-col gap-y-2">
            <Label htmlFor="pickup-point-import-file" size="small" weight="plus">
              {t("pickupPoint.import.file")}
            </Label>
            <input
              id="pickup-point-import-file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby="pickup-point-import-hint"
              className="txt-compact-small"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null)
                setResult(null)
                setFileError(null)
              }}
            />
            <Text id="pickup-point-import-hint" size="xsmall" className="text-ui-fg-subtle">
              {t("pickupPoint.import.hint")}
            </Text>
            {fileError ? (
              <Text role="alert" size="small" className="text-ui-fg-error">
                {t("pickupPoint.import.failed")}: {fileError}
              </Text>
            ) : null}
            <div>
              <Button size="small" type="submit" disabled={!file || busy} isLoading={busy}>
                {t("pickupPoint.import.submit")}
              </Button>
            </div>
          </form>
          {result ? (
            <section aria-labelledby="pickup-point-import-results">
              <Text id="pickup-point-import-results" size="small" weight="plus" className="mb-2">
                {t("pickupPoint.import.summary", { created: result.created, updated: result.updated, rejected: result.rejected })}
              </Text>
              {listed.length < result.rows.length ? (
                <Text size="small" className="text-ui-fg-subtle mb-2">
                  {listed.length < result.rejected
                    ? t("pickupPoint.import.firstRejected", { shown: listed.length, rejected: result.rejected })
                    : t("pickupPoint.import.onlyRejected", { total: result.rows.length })}
                </Text>
              ) : null}
              <Table aria-labelledby="pickup-point-import-results">
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell>{t("pickupPoint.import.line")}</Table.HeaderCell>
                    <Table.HeaderCell>{t("pickupPoint.import.code")}</Table.HeaderCell>
                    <Table.HeaderCell>{t("pickupPoint.import.result")}</Table.HeaderCell>
                    <Table.HeaderCell>{t("pickupPoint.import.reason")}</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {listed.map((row) => (
                    <Table.Row key={row.line}>
                      <Table.Cell>{row.line}</Table.Cell>
                      <Table.Cell className="whitespace-nowrap">{row.code ?? "—"}</Table.Cell>
                      <Table.Cell>
                        <Badge size="2xsmall" color={RESULT_COLOR[row.result]}>
                          {t(`pickupPoint.import.results.${row.result}`)}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell className="whitespace-normal">{row.result === "rejected" ? rejectionText(row, t) : ""}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            </section>
          ) : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer>
  )
}

