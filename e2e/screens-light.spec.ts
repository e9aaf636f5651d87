import { describeScreens } from './support/screens.ts';

/** Every screen in the light colour scheme, on a desktop and on a phone (`support/screens.ts`). */
describeScreens(['desktop-light', 'mobile-light']);
