// Work statuses (dict work_status: 已保存, 待批改, 已批改, 首页展示, 精选作品), for the domain, the API and the
// pages alike. A student saves (0) or submits (1); grading sets the rest. Works at or above `public` are public.
export const WORK_STATUS = { saved: 0, submitted: 1, graded: 2, public: 3, featured: 4 } as const;
