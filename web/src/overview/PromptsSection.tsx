/** Hit rate per monitored prompt, lowest first (where content work pays most). Table + CSV. */
import { useState } from 'react';
import { endpoints } from '../api/endpoints.js';
import type { PromptRow } from '../api/types.js';
import { Card } from '../components/Card.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { useApi } from '../lib/useApi.js';
import { Loaded } from './Section.js';

const PREVIEW = 15;

export function PromptsSection({ brandId, days }: { brandId: string; days: number }) {
  const { t, pct, num } = useI18n();
  const [load] = useApi((signal) => endpoints.prompts({ brand_id: brandId, days }, signal), [brandId, days]);
  // The weakest prompts first; the rest on demand (and always all of them in the CSV).
  const [all, setAll] = useState(false);
  return (
    <Loaded id="prompts" title={t('overview.prompts')} load={load}>
      {({ rows }) => (
        <Card
          id="prompts"
          title={t('overview.prompts')} wide
          csv={{
            header: ['prompt', 'stage', 'answers', 'mentions', 'hit_rate', 'ci_low', 'ci_high', 'avg_rank'],
            rows: rows.map((r) => [r.prompt, r.stage, r.answers, r.mentions, r.hitRate, r.hitRateCiLow, r.hitRateCiHigh, r.avgRank]),
          }}
        >
          <DataTable<PromptRow>
            caption={t('overview.prompts')}
            rows={all ? rows : rows.slice(0, PREVIEW)}
            rowKey={(r) => r.promptHash}
            columns={[
              { label: t('col.prompt'), cell: (r) => r.prompt || r.promptHash },
              { label: t('col.stage'), cell: (r) => (['awareness', 'interest', 'desire', 'action'].includes(r.stage) ? t(`stage.${r.stage}` as MessageKey) : r.stage) },
              { label: t('col.hitRate'), cell: (r) => pct(r.hitRate), numeric: true },
              { label: t('col.ci'), cell: (r) => `${pct(r.hitRateCiLow)}–${pct(r.hitRateCiHigh)}`, numeric: true },
              { label: t('col.rank'), cell: (r) => num(r.avgRank, 1), numeric: true },
              { label: t('col.sample'), cell: (r) => num(r.answers), numeric: true },
            ]}
          />
          {rows.length > PREVIEW && (
            <button type="button" className="secondary small" aria-expanded={all} onClick={() => setAll((v) => !v)}>
              {all ? t('common.showFewer') : t('common.showAll', { n: num(rows.length) })}
            </button>
          )}
        </Card>
      )}
    </Loaded>
  );
}
