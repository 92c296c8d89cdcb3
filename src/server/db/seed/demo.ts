// Demo content for a fresh install: a teacher and three students, three courses (card and map) with units, class course
// assignments (one opening in the future), class homework (Scratch, file, and a draft), student works with real covers
// and playable .sb3 files, submitted and graded works, class teaching events, a welcome announcement and two news items. Everything is built in memory here; index.ts writes files and rows.
import { newId } from '../../domain/ids.js';
import { formatDateTime } from '../../domain/time.js';
import type {
  SysAnnouncementTable,
  TeachingNewsTable,
  SysFileTable,
  TeachingAdditionalWorkDeptTable,
  TeachingAdditionalWorkTable,
  TeachingCourseDeptTable,
  TeachingCourseTable,
  TeachingCourseUnitTable,
  TeachingWorkCorrectTable,
  TeachingWorkTable,
} from '../schema.js';
import type { ClassEvent } from '../../domain/day-log.js';
import { coverHue, coverPng, hsl, toHex } from './covers.js';
import type { DepartIds, Row } from './org.js';
import { demoSb3 } from './sb3.js';
import { sampleBlocklyProject, samplePythonProject } from './code-samples.js';

export interface DemoAccountDef {
  username: string;
  realname: string;
  role: 'teacher' | 'student';
  identity: 1 | 2;
  sex: 1 | 2;
  memberOf: keyof DepartIds;
  manages: (keyof DepartIds)[];
}

export const DEMO_ACCOUNTS: DemoAccountDef[] = [
  { username: 'teacher', realname: '王老师', role: 'teacher', identity: 2, sex: 2, memberOf: 'class1', manages: ['grade1'] },
  { username: 'student1', realname: '小明', role: 'student', identity: 1, sex: 1, memberOf: 'class1', manages: [] },
  { username: 'student2', realname: '小红', role: 'student', identity: 1, sex: 2, memberOf: 'class1', manages: [] },
  { username: 'student3', realname: '小刚', role: 'student', identity: 1, sex: 1, memberOf: 'class2', manages: [] },
];

/** Storage keys of seeded files start with this folder (keys in the file store). */
const DEMO_FILE_DIR = 'demo';

export interface SeedFile {
  /** Storage key in the file store, e.g. 'demo/<id>.png'. */
  key: string;
  data: Buffer;
  contentType: string;
}

export interface DemoSeed {
  files: SeedFile[];
  sysFiles: Row<SysFileTable>[];
  courses: Row<TeachingCourseTable>[];
  units: Row<TeachingCourseUnitTable>[];
  courseDepts: Row<TeachingCourseDeptTable>[];
  additionalWorks: Row<TeachingAdditionalWorkTable>[];
  additionalWorkDepts: Row<TeachingAdditionalWorkDeptTable>[];
  works: Row<TeachingWorkTable>[];
  corrects: Row<TeachingWorkCorrectTable>[];
  announcements: Row<SysAnnouncementTable>[];
  /** 资讯: one published item, one draft (teaching-open's seed). */
  news: Row<TeachingNewsTable>[];
  /** Class teaching events (班级教学记录), replayed through recordClassEvent so the report has data. */
  classEvents: { departId: string; kind: ClassEvent; subjectId: string; at: string }[];
}

interface WorkDef {
  author: 'student1' | 'student2' | 'student3';
  name: string;
  status: 0 | 1 | 2 | 3 | 4;
  views: number;
  stars: number;
  /** Days and hours before now. */
  age: [number, number];
  message: string;
  scene?: 'create' | 'course' | 'additional';
  /** For scene 'additional': which homework (default the Scratch one). */
  homework?: 'scratch' | 'file';
  /** Teacher's grade for works of status ≥ 2. */
  grade?: [score: number, comment: string];
}

const WORKS: WorkDef[] = [
  { author: 'student1', name: '小猫跳舞', status: 4, views: 356, stars: 42, age: [1, 3], message: '一起来跳舞吧！', grade: [5, '舞步和音乐配合得很好，精选展示！'] },
  { author: 'student2', name: '海底世界', status: 4, views: 289, stars: 37, age: [2, 5], message: '欢迎来到海底世界', grade: [5, '画面很美，小鱼游动很自然。'] },
  { author: 'student3', name: '弹跳小球', status: 4, views: 120, stars: 18, age: [6, 2], message: '看我弹得多高！', grade: [4, '反弹效果做得好，可以再加上计分。'] },
  { author: 'student3', name: '太空大冒险', status: 3, views: 198, stars: 21, age: [3, 1], message: '火箭发射！', grade: [4, '故事完整，推荐到首页。'] },
  { author: 'student1', name: '迷宫探险', status: 3, views: 143, stars: 15, age: [4, 6], message: '帮我走出迷宫', grade: [4, '碰墙判断很准确。'] },
  { author: 'student2', name: '春天的花园', status: 3, views: 87, stars: 9, age: [5, 4], message: '春天来啦', grade: [3, '色彩漂亮，角色还可以多一些动作。'] },
  { author: 'student1', name: '认识Scratch', status: 2, views: 12, stars: 2, age: [6, 8], message: '你好，Scratch！', scene: 'course', grade: [5, '角色会说话又会移动，顺序安排得很好，继续加油！'] },
  { author: 'student2', name: '认识Scratch', status: 1, views: 3, stars: 0, age: [1, 7], message: '我完成作业啦', scene: 'course' },
  { author: 'student2', name: '校园一角', status: 1, views: 2, stars: 0, age: [0, 9], message: '', scene: 'additional', homework: 'file' },
  { author: 'student3', name: '我的小狗', status: 2, views: 5, stars: 1, age: [0, 5], message: '汪汪！', scene: 'additional', grade: [4, '小狗画得很可爱，再让它跑一跑就更好了。'] },
  { author: 'student3', name: '我的第一个作品', status: 0, views: 0, stars: 0, age: [0, 2], message: '你好' },
  { author: 'student1', name: '打地鼠（未完成）', status: 0, views: 1, stars: 0, age: [2, 1], message: '准备好了吗？' },
];

export function buildDemoContent(ctx: {
  userIds: Record<string, string>;
  departs: DepartIds;
  now: Date;
}): DemoSeed {
  const { userIds, departs } = ctx;
  const at = (days: number, hours = 0) => formatDateTime(new Date(ctx.now.getTime() - (days * 24 + hours) * 3600_000));
  const out: DemoSeed = {
    files: [],
    sysFiles: [],
    courses: [],
    units: [],
    courseDepts: [],
    additionalWorks: [],
    additionalWorkDepts: [],
    works: [],
    corrects: [],
    announcements: [],
    news: [],
    classEvents: [],
  };
  let picture = 0;

  /** Writes a file and registers it in sys_file; returns the sys_file id and the storage key. */
  const addFile = (f: {
    ext: 'png' | 'sb3' | 'json';
    data: Buffer;
    name: string;
    type: number;
    tag: string;
    by: string;
    time: string;
  }) => {
    const id = newId();
    const key = `${DEMO_FILE_DIR}/${id}.${f.ext}`;
    const mimeType = f.ext === 'png' ? 'image/png' : f.ext === 'json' ? 'application/json' : 'application/x.scratch.sb3';
    out.files.push({ key, data: f.data, contentType: mimeType });
    out.sysFiles.push({
      id,
      file_type: f.type,
      file_name: f.name,
      file_path: key,
      file_location: 1,
      file_tag: f.tag,
      mime_type: mimeType,
      file_size: f.data.length,
      del_flag: 0,
      create_by: f.by,
      create_time: f.time,
      update_by: null,
      update_time: null,
    });
    return { id, key };
  };
  /** An admin upload: teaching-open keeps the storage key itself in the business column. */
  const adminPicture = (name: string, time: string) =>
    addFile({ ext: 'png', data: coverPng(picture++), name, type: 1, tag: '后台上传', by: 'admin', time }).key;

  const created = at(50);
  const audit = (by: string, time: string) => ({ create_by: by, create_time: time, update_by: null, update_time: null });

  // Courses and units.
  const scratchCourse = newId();
  const pythonCourse = newId();
  out.courses.push(
    {
      id: scratchCourse,
      course_name: 'Scratch入门',
      course_desc:
        '<p>从零开始学习 Scratch 3.0 图形化编程：认识舞台和角色，用积木让角色动起来，' +
        '再加上造型动画和声音，完成属于自己的小游戏。</p>' +
        '<ul><li>适合一至三年级</li><li>共 3 课，每课 40 分钟</li></ul>',
      course_icon: null,
      course_cover: adminPicture('Scratch入门封面.png', created),
      show_type: 2,
      course_map: null,
      is_shared: 1,
      show_home: 1,
      order_num: 1,
      course_type: '2',
      course_category: '1',
      del_flag: 0,
      ...audit('admin', created),
    },
    {
      id: pythonCourse,
      course_name: 'Python初探',
      course_desc: '<p>用积木和代码两种方式认识 Python：输出文字、使用变量，画出第一幅海龟图。</p>',
      course_icon: null,
      course_cover: adminPicture('Python初探封面.png', created),
      show_type: 2,
      course_map: null,
      is_shared: 0,
      show_home: 1,
      order_num: 2,
      course_type: '1',
      course_category: '2',
      del_flag: 0,
      ...audit('admin', created),
    },
  );

  // A map course: students open its units from flags on the course map (地图), placed with the map editor.
  const mapCourse = newId();
  out.courses.push({
    id: mapCourse,
    course_name: 'Scratch游戏闯关',
    course_desc: '<p>沿着闯关地图一步步完成小游戏：接苹果、打地鼠、小猫走迷宫。每一关都在地图上等你！</p>',
    course_icon: null,
    course_cover: adminPicture('Scratch游戏闯关封面.png', created),
    show_type: 1,
    course_map: addFile({ ext: 'png', data: coverPng(picture++, 900, 560), name: '闯关地图.png', type: 1, tag: '后台上传', by: 'admin', time: created }).key,
    is_shared: 0,
    show_home: 0,
    order_num: 3,
    course_type: '2',
    course_category: '1',
    del_flag: 0,
    ...audit('admin', created),
  });

  const starter = addFile({
    ext: 'sb3',
    data: demoSb3({ backdrop: '#ffffff', sprite: '#ffab19', message: '你好！' }, ctx.now),
    name: '认识Scratch-预设作业.sb3',
    type: 4,
    tag: '后台上传',
    by: 'admin',
    time: created,
  });
  const unitDefs: { course: string; name: string; intro: string; content: string; workType: number; work?: string; at?: [number, number] }[] = [
    {
      course: scratchCourse,
      name: '第1课 认识Scratch',
      intro: '认识舞台、角色和积木区。\n让角色说出第一句话。',
      content: '<h3>学习目标</h3><p>认识 Scratch 的舞台、角色列表和积木区，学会使用“当绿旗被点击”和“说”积木。</p>',
      workType: 2,
      work: starter.key,
    },
    {
      course: scratchCourse,
      name: '第2课 让角色动起来',
      intro: '用移动、旋转和“碰到边缘就反弹”积木，让角色在舞台上跑起来。',
      content: '<h3>学习目标</h3><p>理解坐标和方向，使用“重复执行”让角色一直运动。</p>',
      workType: 2,
    },
    {
      course: scratchCourse,
      name: '第3课 声音与造型',
      intro: '切换造型做出动画，再给作品配上声音。',
      content: '<h3>学习目标</h3><p>使用“下一个造型”和“播放声音”积木，做一段会唱歌的动画。</p>',
      workType: 2,
    },
    {
      course: pythonCourse,
      name: '第1课 你好，Python',
      intro: '用 print 输出文字，认识变量。',
      content: '<h3>学习目标</h3><p>运行第一行 Python 代码，理解变量就是一个有名字的盒子。</p>',
      workType: 4,
    },
    { course: mapCourse, name: '第1关 接苹果', intro: '左右移动篮子接住掉下的苹果。', content: '<p>用“如果…那么”判断是否接到苹果，并给自己加分。</p>', workType: 2, at: [150, 420] },
    { course: mapCourse, name: '第2关 打地鼠', intro: '地鼠随机出现，点中它就得分。', content: '<p>用“随机数”让地鼠出现在不同的洞里。</p>', workType: 2, at: [430, 300] },
    { course: mapCourse, name: '第3关 小猫走迷宫', intro: '用方向键带小猫走出迷宫。', content: '<p>碰到墙壁就退回去，走到出口就过关。</p>', workType: 2, at: [720, 160] },
  ];
  const unitIds: string[] = [];
  unitDefs.forEach((u, i) => {
    const id = newId();
    unitIds.push(id);
    const order = unitDefs.slice(0, i).filter((x) => x.course === u.course).length + 1;
    out.units.push({
      id,
      unit_name: u.name,
      unit_intro: u.intro,
      unit_cover: adminPicture(`${u.name}.png`, created),
      course_id: u.course,
      course_video: null,
      course_video_source: 1,
      show_course_video: 0,
      course_case: '',
      show_course_case: 0,
      course_ppt: null,
      show_course_ppt: 0,
      course_work_type: u.workType,
      course_work: u.work ?? null,
      course_work_answer: null,
      course_plan: null,
      show_course_plan: 0,
      map_x: u.at ? u.at[0] : 100 + order * 150,
      map_y: u.at ? u.at[1] : 320 - order * 60,
      media_content: u.content,
      order_num: order,
      del_flag: 0,
      ...audit('admin', created),
    });
  });

  // Which classes take which course; opened in the past so they show in the students' 我的课程.
  const opened = at(7);
  for (const [dept, course, time] of [
    [departs.class1, scratchCourse, at(42)],
    [departs.class2, scratchCourse, at(42)],
    [departs.class1, pythonCourse, opened],
    [departs.class1, mapCourse, opened],
  ]) {
    out.courseDepts.push({ id: newId(), dept_id: dept, course_id: course, open_time: time, ...audit('admin', time) });
  }
  // Class 2 gets the map course next week: it shows in the class's 课程 tab, not yet in the students' 我的课程.
  out.courseDepts.push({ id: newId(), dept_id: departs.class2, course_id: mapCourse, open_time: formatDateTime(new Date(ctx.now.getTime() + 7 * 24 * 3600_000)), ...audit('teacher', opened) });

  // Class homework: a published Scratch homework for both classes, a published file homework (students hand in
  // a picture through 提交作业) for class 1, and a draft not yet published (students do not see it).
  const additionalId = newId();
  const fileHomeworkId = newId();
  const assigned = at(3);
  const homeworkStarter = addFile({
    ext: 'sb3',
    data: demoSb3({ backdrop: '#e6f7ff', sprite: '#95de64', message: '画一只小动物吧' }, ctx.now),
    name: '画一只小动物-作业文件.sb3',
    type: 4,
    tag: '后台上传',
    by: 'teacher',
    time: assigned,
  });
  const homework = (id: string, codeType: number, name: string, desc: string, status: number, time: string, url: string | null) => ({
    id,
    code_type: codeType,
    work_name: name,
    work_desc: desc,
    work_cover: adminPicture(`${name}.png`, time),
    work_url: url,
    work_document_url: null,
    status,
    ...audit('teacher', time),
  });
  const fileAssigned = at(1, 2);
  out.additionalWorks.push(
    homework(additionalId, 2, '画一只小动物', '用绘图编辑器画一只你喜欢的小动物，\n并让它在舞台上走一走、说一句话。', 1, assigned, homeworkStarter.key),
    homework(fileHomeworkId, 0, '画一画我们的校园', '用画图软件或拍照，画出校园里你最喜欢的角落，\n保存成图片后点“提交作业”上传。', 1, fileAssigned, null),
    homework(newId(), 2, '小猫接苹果', '下节课布置：让小猫左右移动接住掉下来的苹果，并记录分数。', 0, at(0, 6), null),
  );
  const assignedTo: [string, string, string][] = [
    [additionalId, departs.class1, assigned],
    [additionalId, departs.class2, assigned],
    [fileHomeworkId, departs.class1, fileAssigned],
    [out.additionalWorks[2].id, departs.class1, at(0, 6)],
  ];
  for (const [hw, dept, time] of assignedTo) {
    out.additionalWorkDepts.push({ id: newId(), additional_id: hw, dept_id: dept });
    // Only published homework counts as assigned in the class record.
    if (hw !== out.additionalWorks[2].id) out.classEvents.push({ departId: dept, kind: 'additionalWorkAssign', subjectId: hw, at: time });
  }

  // Student works: every one has a project file (a picture for the file homework) and a cover.
  const classOf = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.username, departs[a.memberOf]]));
  WORKS.forEach((w) => {
    const time = at(w.age[0], w.age[1]);
    const hue = coverHue(picture);
    const cover = addFile({
      ext: 'png',
      data: coverPng(picture++),
      name: `${w.name}.png`,
      type: 2,
      tag: '学生作业-封面',
      by: w.author,
      time,
    });
    const isFile = w.homework === 'file';
    const project = isFile
      ? addFile({ ext: 'png', data: coverPng(picture++, 640, 480), name: `${w.name}.png`, type: 2, tag: '学生作业-文件', by: w.author, time })
      : addFile({
          ext: 'sb3',
          data: demoSb3({ backdrop: toHex(hsl(hue, 0.7, 0.85)), sprite: toHex(hsl(hue + 180, 0.8, 0.6)), message: w.message }, ctx.now),
          name: `${w.name}.sb3`,
          type: 2,
          tag: '学生作业-sb3',
          by: w.author,
          time,
        });
    const scene = w.scene ?? 'create';
    const id = newId();
    const dept = classOf[w.author];
    const homeworkId = isFile ? fileHomeworkId : additionalId;
    out.works.push({
      id,
      user_id: userIds[w.author],
      depart_id: dept,
      course_id: scene === 'course' ? unitIds[0] : null,
      additional_id: scene === 'additional' ? homeworkId : '',
      work_name: w.name,
      work_type: isFile ? '0' : '2',
      work_file: project.id,
      work_cover: cover.id,
      work_status: w.status,
      star_num: w.stars,
      collect_num: 0,
      view_num: w.views,
      del_flag: 0,
      work_scene: scene,
      has_cloud_data: 0,
      ...audit(w.author, time),
    });
    if (scene !== 'create' && w.status >= 1) {
      out.classEvents.push({ departId: dept, kind: scene === 'course' ? 'courseWorkSubmit' : 'additionalWorkSubmit', subjectId: id, at: time });
    }
    if (w.status >= 2 && w.grade) {
      // Graded an hour after it was handed in (never in the future).
      const graded = formatDateTime(new Date(Math.min(ctx.now.getTime(), Date.parse(time.replace(' ', 'T')) + 3600_000)));
      out.corrects.push({ id: newId(), work_id: id, score: w.grade[0], comment: w.grade[1], ...audit('teacher', graded) });
      if (scene !== 'create') {
        out.classEvents.push({ departId: dept, kind: scene === 'course' ? 'courseWorkCorrect' : 'additionalWorkCorrect', subjectId: id, at: graded });
      }
    }
  });

  // One sample work of each code editor (积木编程, 图形化Python), shown on the home page: no cover of their own (the
  // gallery shows the code image), the program runs in its player on /work-detail.
  const codeSamples: [string, string, Buffer, string, string][] = [
    ['10', '红色正方形', sampleBlocklyProject(), '学生作业-blockly', '用“重复”积木画正方形，又短又清楚！'],
    ['4', '五角星', samplePythonProject(), '学生作业-python', 'for 循环用得好，五角星画得很漂亮。'],
  ];
  codeSamples.forEach(([type, name, data, tag, comment], i) => {
    const time = at(2 + i, 3);
    const file = addFile({ ext: 'json', data, name: `${name}.json`, type: 2, tag, by: 'student3', time });
    const id = newId();
    // Shown on the home page after the teacher graded it (as every work at status 2 and above is).
    out.corrects.push({ id: newId(), work_id: id, score: 5 - i, comment, ...audit('teacher', at(1 + i, 3)) });
    out.works.push({
      id,
      user_id: userIds.student3,
      depart_id: classOf.student3,
      course_id: null,
      additional_id: '',
      work_name: name,
      work_type: type,
      work_file: file.id,
      work_cover: null,
      work_status: 3,
      star_num: 6 - i,
      collect_num: 0,
      view_num: 64 - i * 9,
      del_flag: 0,
      work_scene: 'create',
      has_cloud_data: 0,
      ...audit('student3', time),
    });
  });

  // The teacher opened units in class over the past weeks (班级教学记录 shows them per day and month).
  const scratchUnits = unitIds.slice(0, 3);
  const mapUnits = unitIds.slice(4, 7);
  const opens: [string, string, number][] = [
    [departs.class1, scratchUnits[0], 40],
    [departs.class2, scratchUnits[0], 38],
    [departs.class1, scratchUnits[1], 26],
    [departs.class2, scratchUnits[1], 24],
    [departs.class1, scratchUnits[2], 12],
    [departs.class1, unitIds[3], 9],
    [departs.class1, mapUnits[0], 6],
    [departs.class1, mapUnits[1], 4],
    [departs.class1, mapUnits[2], 1],
  ];
  for (const [dept, unit, days] of opens) {
    out.classEvents.push({ departId: dept, kind: 'unitOpen', subjectId: unit, at: at(days, 2) });
    // 第1课 carries a starter project: opening it in class hands that homework out.
    if (unit === scratchUnits[0]) out.classEvents.push({ departId: dept, kind: 'courseWorkAssign', subjectId: unit, at: at(days, 2) });
  }

  // A welcome notice for everyone. It names and links only pages that exist (menu-walk.test.ts opens them).
  const sent = at(1);
  out.announcements.push({
    id: newId(),
    titile: '欢迎使用学堂',
    msg_content:
      '<p>同学们好！学堂教学平台已经开通。</p><p>在“<a href="/account/center">我的作品</a>”里查看自己的作品，' +
      '在“<a href="/account/settings/base">个人设置</a>”里完善资料；同学们的优秀作品展示在<a href="/home">学堂首页</a>。</p>',
    start_time: sent,
    end_time: formatDateTime(new Date(ctx.now.getTime() + 365 * 24 * 3600_000)),
    sender: 'admin',
    priority: 'M',
    msg_category: '1',
    msg_type: 'ALL',
    send_status: '1',
    send_time: sent,
    cancel_time: null,
    del_flag: '0',
    bus_type: null,
    bus_id: null,
    open_type: null,
    open_page: null,
    msg_abstract: '学堂教学平台已经开通',
    ...audit('admin', sent),
  });

  // 资讯: a published item the public news list shows, and a draft only 资讯管理 shows.
  out.news.push(
    {
      id: newId(),
      news_title: '学堂教学平台正式上线',
      news_content:
        '<p>学堂教学平台今天正式上线了！</p><p>同学们可以在这里学习编程课程、用 Scratch 创作作品，' +
        '并在<a href="/home">社区</a>里欣赏大家的优秀作品。</p><p><strong>祝大家创作愉快！</strong></p>',
      news_status: 1,
      ...audit('admin', at(3, 4)),
    },
    {
      id: newId(),
      news_title: '编程创作比赛通知（草稿）',
      news_content: '<p>本学期将举办 Scratch 编程创作比赛，具体安排待定。</p>',
      news_status: 0,
      ...audit('admin', at(0, 5)),
    },
  );

  return out;
}
