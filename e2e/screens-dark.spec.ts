import { describeScreens } from './support/screens.ts';

/** Every screen in the dark colour scheme, on a desktop and on a phone (`support/screens.ts`). */
describeScreens(['desktop-dark', 'mobile-dark']);
