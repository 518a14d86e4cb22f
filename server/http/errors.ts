// AppError lives with its catalogue in server/errors/ (a leaf); the HTTP layer and the
// existing call sites keep importing it from here.
export { AppError, noPermission, notFound, sessionExpired, validation } from "../errors/app-error.ts";
