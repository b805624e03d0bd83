import { Link, useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { SiteDialogMachines } from '../../compose/site-dialog.ts'
import type { SiteDialog } from '../../machines/site-dialog/site-dialog.machine.ts'
import { selectLocale, useApp, usePageActor, useT } from '../app-context.tsx'
import { Modal } from '../components/Modal.tsx'
import './site-dialog.css'

/** The site dialog's actor: told of each page visited, it shows the page's dialog when one is open. */
export function SiteDialogHost({ logic }: { logic: SiteDialogMachines['siteDialog'] }) {
  const actor = usePageActor(logic)
  const path = useLocation({ select: (l) => l.pathname })
  const locale = useApp(selectLocale)
  useEffect(() => actor.send({ type: 'page.visited', path, locale }), [actor, path, locale])
  const dialog = useSelector(actor, (s) => (s.matches('open') ? s.context.dialog : null))
  if (!dialog) return null
  return <SiteDialogView dialog={dialog} onClose={() => actor.send({ type: 'dialog.close' })} />
}

/** One dialog: its title, picture, text and button, in an accessible modal. */
function SiteDialogView({ dialog, onClose }: { dialog: SiteDialog; onClose: () => void }) {
  const { t } = useT()
  const external = /^https:\/\//.test(dialog.link_url)
  return (
    <Modal title={dialog.title} onClose={onClose} closeLabel={t('siteDialog.close')}>
      <div className="site-dialog" data-testid="site-dialog">
        {dialog.image_url && (
          <img className="site-dialog__image" src={dialog.image_url} alt="" loading="lazy" />
        )}
        <p className="site-dialog__body">{dialog.body}</p>
        <div className="modal__actions site-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('siteDialog.dismiss')}
          </button>
          {dialog.link_url && external && (
            <a
              className="button"
              href={dialog.link_url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onClose}
            >
              {dialog.link_label || t('siteDialog.more')}
            </a>
          )}
          {dialog.link_url && !external && (
            <Link className="button" to={dialog.link_url as '/'} onClick={onClose}>
              {dialog.link_label || t('siteDialog.more')}
            </Link>
          )}
        </div>
      </div>
    </Modal>
  )
}
