import { render } from 'preact';
import { App } from './app';
import { installLinkHandler } from './state';
import './styles.css';

installLinkHandler();
render(<App />, document.getElementById('app')!);
