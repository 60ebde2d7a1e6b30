import { Navigate, useLocation } from 'react-router';

/** Sends the visitor to /login, remembering where they were (spec section 4: "keeping the origin"). */
export function RedirectToLogin() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: location }} />;
}
