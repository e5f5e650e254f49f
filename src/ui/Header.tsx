import { memo } from 'react';
import { SCENARIOS } from '../engine';
import { localizeError } from '../i18n';
import { useSimStore } from '../store/simStore';
import { StoragePersisted } from './StoragePersisted';
import { Icon } from './icons';
import { useT } from './useT';
import { LangButton } from './LangButton';

/** Title, scenario, language, storage status and tab role, help. */
export const Header = memo(function Header() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const scenario = useSimStore((s) => s.view.scenario);
  const storage = useSimStore((s) => s.storage);
  const role = useSimStore((s) => s.role);
  const { newRun, setHelpOpen } = useSimStore.getState();
  return (
    <header className="hs-header">
      <div className="hs-brand">
        <h1>{t('app.title')}</h1>
        <p>{t('app.subtitle')}</p>
      </div>
      <label className="hs-field hs-field--inline">
        <span>{t('app.scenario')}</span>
        <select
          data-testid="select-scenario"
          value={SCENARIOS.some((s) => s.id === scenario.id) ? scenario.id : ''}
          onChange={(e) => {
            void newRun(e.target.value);
            const url = new URL(window.location.href);
            url.searchParams.set('scenario', e.target.value);
            window.history.replaceState(null, '', url);
          }}
        >
          {!SCENARIOS.some((s) => s.id === scenario.id) && <option value="">{t(scenario.title)}</option>}
          {SCENARIOS.map((s) => (
            <option key={s.id} value={s.id}>
              {t(s.title)}
            </option>
          ))}
        </select>
      </label>
      <p className="hs-summary" title={t('scenario.summary')}>
        {t(scenario.summary)}
      </p>
      <div className="hs-header__status">
        <span
          className={`hs-badge hs-badge--${storage.status}`}
          data-testid="storage-status"
          data-status={storage.status}
        >
          <Icon name={storage.status === 'indexeddb' ? 'disk' : storage.status === 'memory' ? 'warn' : 'error'} />{' '}
          {storage.status === 'error'
            ? t('storage.error', { msg: localizeError(storage.message ?? '', lang) })
            : t(`storage.${storage.status}`)}
        </span>
        <StoragePersisted />
        <span className={`hs-badge hs-badge--${role}`} data-testid="tab-role" data-role={role}>
          {t(`role.${role}`)}
        </span>
        {role === 'follower' && (
          <button
            type="button"
            className="hs-btn"
            data-testid="btn-take-over"
            onClick={() => void useSimStore.getState().driveHere()}
          >
            {t('role.driveHere')}
          </button>
        )}
      </div>
      <LangButton />
      <button
        type="button"
        className="hs-btn"
        data-testid="btn-help"
        aria-label={t('app.help')}
        title={t('app.help')}
        onClick={() => setHelpOpen(true)}
      >
        ?
      </button>
    </header>
  );
});
