import { render } from 'preact';
import { App } from './app.js';
import { refreshSession } from './session.js';
import './app.css';

// Who is signed in is known before the first page is drawn, so no page flashes "sign in".
await refreshSession();
render(<App />, document.getElementById('app')!);
