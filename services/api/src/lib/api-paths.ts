/**
 * Paths that belong to the API; everything else is the web app (served as files). Here at the bottom because
 * both the auth plugin (refuses API routes without a token) and the web-app plugin (no index.html for them) ask.
 */
export const isApiPath = (url: string) => /^\/(api|trpc|auth)(\/|$)/.test(url);
