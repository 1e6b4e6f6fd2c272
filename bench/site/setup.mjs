// The site the site benches measure: the demo organizer's, its pages published, its tour page
// made of 25 blocks (the starter blocks repeated).
import { api, signIn } from '../bookings/http.mjs';

const SUB = 'bench-site';

/** The demo organizer's site, its tour page made of 25 blocks, published; the tour's path. */
export const setUpSite = async (url) => {
  const token = await signIn(url);
  const orgId = (await api(url, token, 'GET', '/crm/api/organizer/list'))[0].id;
  const q = `organizer_id=${orgId}`;
  await api(url, token, 'POST', `/crm/api/site/attach-site?${q}`, { subdomain: SUB });
  const tourPage = await api(url, token, 'GET', `/crm/api/site/get-page?${q}&type=tour`);
  const blocks = [...tourPage.blocks];
  for (let i = 0; blocks.length < 25; i += 1) {
    const b = tourPage.blocks[i % tourPage.blocks.length];
    blocks.push({ ...b, id: `${b.id}-copy-${i}` });
  }
  await api(url, token, 'POST', `/crm/api/site/save-page-blocks?${q}`, { type: 'tour', blocks });
  for (const type of ['site', 'main', 'tour'])
    await api(url, token, 'POST', `/crm/api/site/publish-data?${q}`, { type });
  const host = `${SUB}.localhost`;
  const [tour] = await api(url, null, 'GET', `/spa/tours-crm?domain=${host}`);
  return { host, path: `/tours/${tour.screen_name}`, slug: tour.screen_name, tourId: tour.id };
};
