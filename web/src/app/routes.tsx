import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { PageLoader } from "../components/PageLoader.tsx";
import { AdminOnly, HOME, Private, PublicOnly } from "./guards.tsx";
import { MainLayout } from "./layout/MainLayout.tsx";

const LoginPage = lazy(() => import("../pages/login/LoginPage.tsx"));
const SignupPage = lazy(() => import("../pages/signup/SignupPage.tsx"));
const ForgetPasswordPage = lazy(() => import("../pages/forgetpsw/ForgetPasswordPage.tsx"));
const TicketsPage = lazy(() => import("../pages/tickets/TicketsPage.tsx"));
const UsersPage = lazy(() => import("../pages/users/UsersPage.tsx"));
const SettingsPage = lazy(() => import("../pages/settings/SettingsPage.tsx"));
const ConnectionsPage = lazy(() => import("../pages/connections/ConnectionsPage.tsx"));
const MessagesApiPage = lazy(() => import("../pages/messages-api/MessagesApiPage.tsx"));
const QuickMessagesPage = lazy(() => import("../pages/quick-messages/QuickMessagesPage.tsx"));
const SchedulesPage = lazy(() => import("../pages/schedules/SchedulesPage.tsx"));
const DashboardPage = lazy(() => import("../pages/dashboard/DashboardPage.tsx"));
const ContactsPage = lazy(() => import("../pages/contacts/ContactsPage.tsx"));
const TagsPage = lazy(() => import("../pages/tags/TagsPage.tsx"));
const KanbanPage = lazy(() => import("../pages/kanban/KanbanPage.tsx"));
const QueuesPage = lazy(() => import("../pages/queues/QueuesPage.tsx"));
const ContactListsPage = lazy(() => import("../pages/contact-lists/ContactListsPage.tsx"));
const ContactListItemsPage = lazy(() => import("../pages/contact-lists/ContactListItemsPage.tsx"));

function PrivateRoutes() {
  return (
    <Private>
      <MainLayout>
        <Suspense fallback={<PageLoader />}>
          <Switch>
            <Route path="/">
              <AdminOnly>
                <DashboardPage />
              </AdminOnly>
            </Route>
            <Route path="/tickets/:ticketId?" component={TicketsPage} />
            <Route path="/contacts" component={ContactsPage} />
            <Route path="/tags" component={TagsPage} />
            <Route path="/kanban" component={KanbanPage} />
            <Route path="/quick-messages" component={QuickMessagesPage} />
            <Route path="/schedules" component={SchedulesPage} />
            <Route path="/users">
              <AdminOnly>
                <UsersPage />
              </AdminOnly>
            </Route>
            <Route path="/settings">
              <AdminOnly>
                <SettingsPage />
              </AdminOnly>
            </Route>
            <Route path="/queues">
              <AdminOnly>
                <QueuesPage />
              </AdminOnly>
            </Route>
            <Route path="/connections">
              <AdminOnly>
                <ConnectionsPage />
              </AdminOnly>
            </Route>
            <Route path="/contact-lists">
              <AdminOnly>
                <ContactListsPage />
              </AdminOnly>
            </Route>
            <Route path="/contact-lists/:contactListId/contacts">
              {(params) => (
                <AdminOnly>
                  <ContactListItemsPage params={params} />
                </AdminOnly>
              )}
            </Route>
            <Route path="/messages-api">
              <AdminOnly>
                <MessagesApiPage />
              </AdminOnly>
            </Route>
            {/* Pages not built yet land on the ticket desk. */}
            <Route>
              <Redirect to={HOME} replace />
            </Route>
          </Switch>
        </Suspense>
      </MainLayout>
    </Private>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        <Route path="/login">
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        </Route>
        <Route path="/signup">
          <PublicOnly>
            <SignupPage />
          </PublicOnly>
        </Route>
        <Route path="/forgetpsw">
          <PublicOnly>
            <ForgetPasswordPage />
          </PublicOnly>
        </Route>
        <Route>
          <PrivateRoutes />
        </Route>
      </Switch>
    </Suspense>
  );
}
