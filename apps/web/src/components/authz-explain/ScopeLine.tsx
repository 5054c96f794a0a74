import { Tag } from 'antd';
import { scopeDetail } from './scope-detail';
import { ax } from './texts';
import type { ScopeSummary } from './types';

const SCOPE_COLORS: Record<ScopeSummary['dataScope'], string> = {
  all: 'gold',
  orgTree: 'blue',
  org: 'cyan',
  custom: 'purple',
  self: 'default',
};

/**
 * A data scope: its kind as a tag, then what the server's words (`text`, 本组织及以下：华东区（含 …）) say beyond the
 * kind (华东区（含 …）), so the kind is not said twice.
 */
export function ScopeLine({ scope }: { scope: ScopeSummary }) {
  return (
    <span>
      <Tag color={SCOPE_COLORS[scope.dataScope]}>{ax(`scope.name.${scope.dataScope}`)}</Tag>
      <span data-testid="scope-text">{scopeDetail(scope.text)}</span>
    </span>
  );
}
