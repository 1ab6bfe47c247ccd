// The react-router the apps share (issue 13): only the names they import, from react-router's
// production build. Shared whole, react-router is 61 KB gzipped (its development build, with the data
// routers, server rendering and RSC helpers); this is what the federation provides under the key
// 'react-router' (see shared.cjs). split-imports.cjs fails the build when code imports a name missing
// here: add it to this list.
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useOutlet,
  useParams,
  useSearchParams,
} from 'portal-react-router-production';
