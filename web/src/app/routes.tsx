import { type ReactNode, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { PageLoader } from "../components/PageLoader.tsx";
import { useSignals } from "@preact/signals-react/runtime";
import {
  AdminOnly,
  HOME,
  PlanOnly,
  Private,
  PublicOnly,
  StaffOnly,
  SuperOnly,
  SupervisorOnly,
} from "./guards.tsx";
import { campaignsAreaOpen, campaignsShown } from "./campaignsFlag.ts";
import { plan } from "./session.ts";
import { useTranslation } from "react-i18next";
import { MainLayout } from "./layout/MainLayout.tsx";
import { pages } from "./routeLoad.ts";

const LoginPage = pages.login.Page;
const SignupPage = pages.signup.Page;
const ForgetPasswordPage = pages.forgetPassword.Page;
const TicketsPage = pages.tickets.Page;
const UsersPage = pages.users.Page;
const SettingsPage = pages.settings.Page;
const ConnectionsPage = pages.connections.Page;
const MessagesApiPage = pages.messagesApi.Page;
const QuickMessagesPage = pages.quickMessages.Page;
const SchedulesPage = pages.schedules.Page;
const DashboardPage = pages.dashboard.Page;
const ContactsPage = pages.contacts.Page;
const TagsPage = pages.tags.Page;
const KanbanPage = pages.kanban.Page;
const QueuesPage = pages.queues.Page;
const ChatsPage = pages.chats.Page;
const AnnouncementsPage = pages.announcements.Page;
const TodoListPage = pages.todoList.Page;
const PromptsPage = pages.prompts.Page;

function SuperOnlyAnnouncements() {
  const { t } = useTranslation();
  return (
    <SuperOnly message={t("announcements.superOnly")}>
      <AnnouncementsPage />
    </SuperOnly>
  );
}
/** The messages API has its own refusal text (seed 002 section 6). */
function PlannedMessagesApi() {
  const { t } = useTranslation();
  return (
    <PlanOnly flag="useExternalApi" message={t("messagesApi.toasts.unauthorized")}>
      <MessagesApiPage />
    </PlanOnly>
  );
}
const FilesPage = pages.files.Page;
const HelpsPage = pages.helps.Page;
const ContactListsPage = pages.contactLists.Page;
const ContactListItemsPage = pages.contactListItems.Page;
const CampaignsPage = pages.campaigns.Page;
const CampaignReportPage = pages.campaignReport.Page;
const CampaignsConfigPage = pages.campaignsConfig.Page;
const FlowsPage = pages.flows.Page;
const PhraseListsPage = pages.phraseLists.Page;
const FlowEditorPage = pages.flowEditor.Page;
const FinanceiroPage = pages.financeiro.Page;
const SubscriptionPage = pages.subscription.Page;
const QueueIntegrationsPage = pages.queueIntegrations.Page;

/** Campaigns and contact lists: admins and supervisors (the routes exist only while the area is open). */
function CampaignsArea({ children }: { children: ReactNode }) {
  return <StaffOnly>{children}</StaffOnly>;
}

function PrivateRoutes() {
  useSignals();
  return (
    <Private>
      <MainLayout>
        <Suspense fallback={<PageLoader />}>
          <Switch>
            <Route path="/">
              <SupervisorOnly>
                <DashboardPage />
              </SupervisorOnly>
            </Route>
            <Route path="/tickets/:ticketId?" component={TicketsPage} />
            <Route path="/contacts" component={ContactsPage} />
            <Route path="/tags" component={TagsPage} />
            <Route path="/kanban">
              <PlanOnly flag="useKanban">
                <KanbanPage />
              </PlanOnly>
            </Route>
            <Route path="/quick-messages" component={QuickMessagesPage} />
            <Route path="/schedules">
              <PlanOnly flag="useSchedules">
                <SchedulesPage />
              </PlanOnly>
            </Route>
            <Route path="/chats/:uuid?">
              <PlanOnly flag="useInternalChat">
                <ChatsPage />
              </PlanOnly>
            </Route>
            <Route path="/files" component={FilesPage} />
            <Route path="/helps" component={HelpsPage} />
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
            {
              /* Registered only while the browser flag cshow exists (seed 002 section 2) and the
                plan allows campaigns: the menu's rule. Flows and flow campaigns are part of the
                campaigns area (the plan's useCampaigns). */
            }
            {campaignsAreaOpen(plan.value, campaignsShown.value)
              ? (
                <>
                  <Route path="/campaigns">
                    <CampaignsArea>
                      <CampaignsPage />
                    </CampaignsArea>
                  </Route>
                  <Route path="/campaign/:campaignId/report">
                    {(params) => (
                      <CampaignsArea>
                        <CampaignReportPage params={params} />
                      </CampaignsArea>
                    )}
                  </Route>
                  <Route path="/campaigns-config">
                    <CampaignsArea>
                      <CampaignsConfigPage />
                    </CampaignsArea>
                  </Route>
                  <Route path="/contact-lists">
                    <CampaignsArea>
                      <ContactListsPage />
                    </CampaignsArea>
                  </Route>
                  <Route path="/contact-lists/:contactListId/contacts">
                    {(params) => (
                      <CampaignsArea>
                        <ContactListItemsPage params={params} />
                      </CampaignsArea>
                    )}
                  </Route>
                  <Route path="/phrase-lists">
                    <CampaignsArea>
                      <PhraseListsPage />
                    </CampaignsArea>
                  </Route>
                  <Route path="/flowbuilders">
                    <CampaignsArea>
                      <FlowsPage />
                    </CampaignsArea>
                  </Route>
                  <Route path="/flowbuilder/:id?">
                    {(params) => (
                      <CampaignsArea>
                        <FlowEditorPage params={params} />
                      </CampaignsArea>
                    )}
                  </Route>
                </>
              )
              : null}
            <Route path="/messages-api">
              <AdminOnly>
                <PlannedMessagesApi />
              </AdminOnly>
            </Route>
            <Route path="/prompts">
              <AdminOnly>
                <PlanOnly flag="useOpenAi">
                  <PromptsPage />
                </PlanOnly>
              </AdminOnly>
            </Route>
            <Route path="/financeiro">
              <AdminOnly>
                <FinanceiroPage />
              </AdminOnly>
            </Route>
            <Route path="/subscription">
              <AdminOnly>
                <SubscriptionPage />
              </AdminOnly>
            </Route>
            <Route path="/announcements" component={SuperOnlyAnnouncements} />
            <Route path="/todolist" component={TodoListPage} />
            <Route path="/queue-integration"><StaffOnly><PlanOnly flag="useIntegrations"><QueueIntegrationsPage /></PlanOnly></StaffOnly></Route>
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
