import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CheckoutGate } from './CheckoutGate.tsx'
import { useCheckoutVisit } from './checkout-context.tsx'
import { PackageCard } from './parts.tsx'

const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//')

/** `/povo_ec`: the shop's banners, recommended packages and every package. */
export function PovoHomePage() {
  const { t } = useT()
  const actor = useCheckoutVisit({ step: 'packages' })
  const home = useSelector(actor, (s) => s.context.home)
  useDocumentTitle(t('shop.title'))
  return (
    <CheckoutGate step="packages">
      {home && (
        <section className="shop" aria-labelledby="shop-title">
          <h1 id="shop-title">{t('shop.title')}</h1>
          <p>{t('shop.lead')}</p>
          {home.banners.length > 0 && (
            <ul className="shop-banners" aria-label={t('shop.banners')}>
              {home.banners.map((b) => (
                <li key={b.banner_id}>
                  {isOwnPath(b.link_url) ? (
                    <Link to={b.link_url as '/'}>
                      <img src={b.image} alt={b.title} width={480} height={120} />
                    </Link>
                  ) : (
                    <a href={b.link_url} rel="noopener noreferrer">
                      <img src={b.image} alt={b.title} width={480} height={120} />
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
          {home.recommends.length > 0 && (
            <>
              <h2>{t('shop.recommends')}</h2>
              <div className="shop-grid">
                {home.recommends.map((pkg) => (
                  <PackageCard key={pkg.package_id} pkg={pkg}>
                    <Link
                      to="/povo_ec/$packageId"
                      params={{ packageId: pkg.package_id }}
                      className="button button--primary"
                    >
                      {t('shop.seePlans')}
                    </Link>
                  </PackageCard>
                ))}
              </div>
            </>
          )}
          <h2>{t('shop.packages')}</h2>
          {home.packages.length === 0 ? (
            <p>{t('shop.noPackages')}</p>
          ) : (
            <div className="shop-grid">
              {home.packages.map((pkg) => (
                <PackageCard key={pkg.package_id} pkg={pkg}>
                  <Link
                    to="/povo_ec/$packageId"
                    params={{ packageId: pkg.package_id }}
                    className="button button--ghost"
                  >
                    {t('shop.seePlans')}
                  </Link>
                </PackageCard>
              ))}
            </div>
          )}
          <p>
            <Link to="/payment/time_limited_pack">{t('pack.link')}</Link>
          </p>
        </section>
      )}
    </CheckoutGate>
  )
}
