import { useT } from '../app-context.tsx'
import { Field } from './Field.tsx'
import './auth.css'

export function Captcha({ url, onRefresh }: { url: string | null; onRefresh: () => void }) {
  const { t } = useT()
  return (
    <div className="captcha">
      <div className="captcha__image">
        {url ? (
          <img src={url} alt={t('auth.captchaImage')} width={180} height={56} />
        ) : (
          <span>{t('common.loading')}</span>
        )}
        <button type="button" className="button button--ghost" onClick={onRefresh}>
          {t('auth.captchaRefresh')}
        </button>
      </div>
      <Field
        label={t('auth.captchaWord')}
        name="captcha_word"
        required
        autoComplete="off"
        maxLength={16}
      />
    </div>
  )
}
