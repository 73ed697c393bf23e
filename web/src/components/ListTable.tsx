/**
 * A list endpoint's rows (`{ data: Row[] }`) as a table: LoadStatus says loading, forbidden or
 * failed, DataTable the rows (or `empty` when there are none).
 */
import type { Load } from '../lib/useApi.js';
import { DataTable, type DataTableProps } from './DataTable.js';
import { LoadStatus } from './ui.js';

export function ListTable<Row>({
  load,
  forbidden,
  ...table
}: { load: Load<{ data: Row[] }>; forbidden?: string } & Omit<DataTableProps<Row>, 'rows'>) {
  return (
    <LoadStatus load={load} {...(forbidden === undefined ? {} : { forbidden })}>
      {(data) => <DataTable<Row> rows={data.data} {...table} />}
    </LoadStatus>
  );
}
