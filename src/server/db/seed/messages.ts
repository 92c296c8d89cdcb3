// 消息中心's starting rows, written by migration 031 into every database (fresh or seeded earlier): two sample
// templates (an e-mail and a site message) and the job that retries failed messages.
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';

export const RETRY_JOB = 'sendPendingMessages';

export function sampleTemplates(at = now()) {
  const row = (template_code: string, template_name: string, template_type: string, template_content: string, test: Record<string, unknown>) => ({
    id: newId(),
    template_code,
    template_name,
    template_type,
    template_content,
    template_test_json: JSON.stringify(test),
    create_by: 'system',
    create_time: at,
  });
  return [
    row(
      'work_corrected_mail',
      '作业批改通知（邮件）',
      '2',
      '<p>${realname}家长您好：</p><p>您孩子的作品《${workName}》已由${teacher}老师批改，得分 <b>${score}</b>。</p><p>老师评语：${remark}</p>',
      { realname: '小明', workName: '小猫走迷宫', teacher: '王', score: 95, remark: '思路清晰，继续加油！' },
    ),
    row('class_notice_site', '班级通知（站内消息）', '4', '${className}的同学们：${content}', { className: '三年级一班', content: '本周六上午的课改到下午两点，请准时参加。' }),
  ];
}

/** 发送待重试消息: every minute (an idle run leaves no history), on by default. */
export function retryJob(at = now()) {
  return {
    id: newId(),
    job_class_name: RETRY_JOB,
    cron_expression: '0 * * * * ?',
    parameter: null,
    description: '每分钟重发到期的发送失败消息（1分钟、5分钟、30分钟后各重试一次）',
    status: 0,
    del_flag: 0,
    create_by: 'system',
    create_time: at,
  };
}
