// 仪表盘 (/dashboard/*): the reads of 分析页, 工作台 and the home tab (domain/dashboards.ts computes them; the
// pages render them).
import { GET } from './endpoint.js';

export interface AnalysisFigures {
  scope: 'all' | 'classes';
  days: number;
  users: { total: number; byRole: { roleCode: string; roleName: string; count: number }[] };
  /** The home's key figures only: no views and likes (a scan of every work), no series, no ranking. */
  brief: boolean;
  works: { total: number; submitted: number; ungraded: number; graded: number; views: number | null; likes: number | null };
  today: { works: number; submissions: number; views: number | null; likes: number | null };
  daily: { day: string; works: number; submissions: number }[];
  topClasses: { departId: string; departName: string; works: number; submitted: number }[];
}

export interface HomeworkItem {
  id: string;
  workName: string;
  createTime: string;
  classes: string;
  submitted: number;
  members: number;
  /** When the 结束过期班级作业 job will end it ('YYYY-MM-DD HH:mm:ss'), or null while that job is stopped. */
  endsAt: string | null;
}

export interface WorkplaceData {
  ungraded: {
    total: number;
    records: { id: string; workName: string; workType: string; realname: string; username: string; departName: string; homeworkName: string; createTime: string }[];
  };
  homework: { autoEndDays: number | null; endingSoon: HomeworkItem[]; recent: HomeworkItem[] };
  activity: { kind: 'save' | 'submit' | 'comment'; time: string; realname: string; workId: string; workName: string; text: string }[];
}

export interface StudentHome {
  counts: { works: number; submitted: number; graded: number };
  latestWorks: { id: string; workName: string; workType: string; workStatus: number; createTime: string; score: number | null; comment: string | null }[];
  comments: { workId: string; workName: string; realname: string; comment: string; createTime: string }[];
  homework: { total: number; records: { id: string; workName: string; createTime: string; teacherName: string }[] };
}

export const dashboardApi = {
  /** 分析页: the school's figures, or a teacher's classes'; brief=1: the home's key figures only. */
  analysis: GET<AnalysisFigures, { brief?: '1' }>('/dashboard/analysis'),
  /** 工作台: a teacher's to-do in their classes. */
  workplace: GET<WorkplaceData>('/dashboard/workplace'),
  /** The home of any logged-in user: their own works, grades, remarks and homework to do. */
  mine: GET<StudentHome>('/dashboard/mine'),
};
