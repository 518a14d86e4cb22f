/** The product version shown in the drawer and on the login footer. */
export const APP_VERSION = "1.3.4";
