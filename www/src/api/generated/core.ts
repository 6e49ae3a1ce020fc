// Generated from docs/openapi.json by www/gen-types.mjs (npm run gen:types): do not edit.
// The schemas of the core, audit, oauth operations. Every JSON number is a WireNum, which
// src/api/types.ts maps to the planner's exact forms.
import type { WireNum } from '../wire';

export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Account: {
      category?: components['schemas']['Category'] | null;
      contact?: components['schemas']['Contact'] | null;
      customer?: components['schemas']['Customer'] | null;
      global: boolean;
      id: WireNum;
      key: string;
      lead: components['schemas']['Lead'];
      links: components['schemas']['SelfLink'];
      monthlyBudget?: WireNum | null;
      name: string;
      self: string;
      status: components['schemas']['AccountStatus'];
    };
    AccountLink: {
      account: components['schemas']['SelfLink'];
      id: WireNum;
      scope: components['schemas']['LinkScope'];
      self: string;
    };
    AccountLinkByProject: {
      account: components['schemas']['Account'];
      id: WireNum;
      scope: components['schemas']['SelfLink'];
      self: string;
    };
    AccountLinkRequest: {
      accountKey: string;
      scopeId: WireNum;
      scopeType: components['schemas']['ScopeType'];
    };
    AccountRequest: {
      categoryKey?: string | null;
      contactAccountId?: string | null;
      customerKey?: string | null;
      externalContactName?: string | null;
      global?: boolean | null;
      key: string;
      leadAccountId: string;
      monthlyBudget?: WireNum | null;
      name: string;
      status: components['schemas']['AccountStatus'];
    };
    AccountStatus: 'OPEN' | 'CLOSED' | 'ARCHIVED';
    Category: {
      id: WireNum;
      key: string;
      name: string;
      self: string;
      type: components['schemas']['CategoryType'];
    };
    CategoryRequest: {
      key: string;
      name: string;
      typeName?: components['schemas']['CategoryTypeName'] | null;
    };
    CategoryType: {
      name: components['schemas']['CategoryTypeName'];
    };
    CategoryTypeName: 'BILLABLE' | 'CAPITALIZED' | 'INTERNAL' | 'OPERATIONAL';
    Contact: {
      accountId?: string | null;
      displayName: string;
      self?: string | null;
      type: components['schemas']['ContactType'];
    };
    ContactType: 'USER' | 'EXTERNAL';
    CoreErrorBody: {
      errors: components['schemas']['ErrorMessage'][];
    };
    Customer: {
      id: WireNum;
      key: string;
      name: string;
      self: string;
    };
    CustomerRequest: {
      key: string;
      name: string;
    };
    DeletedAllocation: {
      deletedAt: string;
      id: WireNum;
    };
    DeletedEventsMetadata: {
      count: WireNum;
      lastEvaluatedKey?: string | null;
      limit: WireNum;
      next?: string | null;
    };
    DeletedEventsOfDeletedAllocation: {
      metadata: components['schemas']['DeletedEventsMetadata'];
      results: components['schemas']['DeletedAllocation'][];
      self: string;
    };
    DeletedEventsOfDeletedWorklog: {
      metadata: components['schemas']['DeletedEventsMetadata'];
      results: components['schemas']['DeletedWorklog'][];
      self: string;
    };
    DeletedWorklog: {
      deletedAt: string;
      serviceWorklogId: WireNum;
      trackerWorklogId: WireNum;
    };
    ErrorMessage: {
      message: string;
    };
    GenericResource: {
      createdAt: string;
      createdBy: components['schemas']['UserRef'];
      id: WireNum;
      name: string;
      self: string;
      updatedAt: string;
      updatedBy: components['schemas']['UserRef'];
    };
    GenericResourceRequest: {
      name: string;
    };
    Holiday: {
      date: string;
      description?: string | null;
      durationSeconds: WireNum;
      id: WireNum;
      name: string;
      schemeId: WireNum;
      self: string;
      type: components['schemas']['HolidayKind'];
    };
    HolidayKind: 'FIXED' | 'FLOATING';
    HolidayRequest: {
      date: string;
      description?: string | null;
      durationSeconds: WireNum;
      name: string;
      type: components['schemas']['HolidayKind'];
    };
    HolidayScheme: {
      defaultScheme: boolean;
      description?: string | null;
      id: WireNum;
      memberCount: WireNum;
      name: string;
      self: string;
    };
    HolidaySchemeCreate: {
      description?: string | null;
      name: string;
    };
    HolidaySchemeUpdate: {
      description?: string | null;
      name: string;
    };
    IssueRef: {
      key: string;
      self: string;
    };
    Lead: {
      accountId: string;
      displayName?: string | null;
      self?: string | null;
    };
    LinkScope: {
      id: WireNum;
      self: string;
      type: components['schemas']['ScopeType'];
    };
    ListMetadata: {
      count: WireNum;
    };
    ListOfAccount: {
      metadata: components['schemas']['ListMetadata'];
      results: components['schemas']['Account'][];
      self: string;
    };
    ListOfAccountLink: {
      metadata: components['schemas']['ListMetadata'];
      results: components['schemas']['AccountLink'][];
      self: string;
    };
    ListOfAccountLinkByProject: {
      metadata: components['schemas']['ListMetadata'];
      results: components['schemas']['AccountLinkByProject'][];
      self: string;
    };
    ListOfCategory: {
      metadata: components['schemas']['ListMetadata'];
      results: components['schemas']['Category'][];
      self: string;
    };
    ListOfCategoryType: {
      metadata: components['schemas']['ListMetadata'];
      results: components['schemas']['CategoryType'][];
      self: string;
    };
    ListOfCustomer: {
      metadata: components['schemas']['ListMetadata'];
      results: components['schemas']['Customer'][];
      self: string;
    };
    ListOfHoliday: {
      metadata: components['schemas']['ListMetadata'];
      results: components['schemas']['Holiday'][];
      self: string;
    };
    ListOfMember: {
      metadata: components['schemas']['ListMetadata'];
      results: components['schemas']['Member'][];
      self: string;
    };
    Member: {
      accountId: string;
      self: string;
    };
    MembersRequest: {
      accountIds: string[];
    };
    PageMetadata: {
      count: WireNum;
      limit: WireNum;
      next?: string | null;
      offset: WireNum;
      previous?: string | null;
    };
    PageOfGenericResource: {
      metadata: components['schemas']['PageMetadata'];
      results: components['schemas']['GenericResource'][];
      self: string;
    };
    PageOfHolidayScheme: {
      metadata: components['schemas']['PageMetadata'];
      results: components['schemas']['HolidayScheme'][];
      self: string;
    };
    PageOfProject: {
      metadata: components['schemas']['PageMetadata'];
      results: components['schemas']['Project'][];
      self: string;
    };
    PageOfSavedFilter: {
      metadata: components['schemas']['PageMetadata'];
      results: components['schemas']['SavedFilter'][];
      self: string;
    };
    PageOfWorkloadScheme: {
      metadata: components['schemas']['PageMetadata'];
      results: components['schemas']['WorkloadScheme'][];
      self: string;
    };
    PageOfWorklog: {
      metadata: components['schemas']['PageMetadata'];
      results: components['schemas']['Worklog'][];
      self: string;
    };
    Project: {
      id: WireNum;
      key: string;
      name: string;
      self: string;
    };
    ProjectRequest: {
      key: string;
      name: string;
    };
    SavedFilter: {
      id: WireNum;
      name: string;
      projectIds: WireNum[];
      self: string;
    };
    SavedFilterRequest: {
      name: string;
      projectIds: WireNum[];
    };
    ScopeType: 'PROJECT';
    SelfLink: {
      self: string;
    };
    UserRef: {
      accountId: string;
      self: string;
    };
    WeekdayName: 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
    WorkloadDay: {
      day: components['schemas']['WeekdayName'];
      requiredSeconds: WireNum;
    };
    WorkloadScheme: {
      days: components['schemas']['WorkloadDay'][];
      defaultScheme: boolean;
      description?: string | null;
      id: WireNum;
      memberCount: WireNum;
      name: string;
      self: string;
    };
    WorkloadSchemeRequest: {
      days: components['schemas']['WorkloadDay'][];
      description?: string | null;
      name: string;
    };
    Worklog: {
      author: components['schemas']['UserRef'];
      billableSeconds: WireNum;
      createdAt: string;
      description: string;
      issue: components['schemas']['IssueRef'];
      self: string;
      serviceWorklogId: WireNum;
      startDate: string;
      startTime: string;
      timeSpentSeconds: WireNum;
      trackerWorklogId: WireNum;
      updatedAt: string;
    };
    WorklogRequest: {
      authorAccountId: string;
      billableSeconds?: WireNum | null;
      description?: string | null;
      issueKey: string;
      startDate: string;
      startTime?: string | null;
      timeSpentSeconds: WireNum;
      trackerWorklogId?: WireNum | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
