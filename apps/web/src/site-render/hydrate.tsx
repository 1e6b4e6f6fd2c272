/** The public site's client entry: its stylesheet and the hydration of the server's markup. */
import './site.css';
import { hydrateSite } from './client';

void hydrateSite();
