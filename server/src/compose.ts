import { CallService } from './calls/call.service';
import { ChannelService } from './channels/channel.service';
import { ChatService } from './chat/chat.service';
import { CommandService } from './commands/command.service';
import type { TimeLimits } from './config';
import type { CoreDeps } from './core-deps';
import { DeviceService } from './devices/device.service';
import { JanusChecker } from './diagnostics/janus-check';
import { RedisProbe, ServiceStatusChecker } from './diagnostics/service-status';
import { EnterpriseService } from './enterprise/enterprise.service';
import { FenceCache } from './fences/fence-cache';
import { FenceMonitor } from './fences/fence-monitor';
import { FenceService } from './fences/fence.service';
import { FileService } from './files/file.service';
import { LocationService } from './locations/location.service';
import { errorReporter } from './logger';
import { createMonitorRooms } from './media/create-monitor-rooms';
import type { ModuleDeps } from './module-deps';
import { MonitorService } from './monitor/monitor.service';
import { NoticeService } from './notices/notice.service';
import { PackageService } from './packages/package.service';
import { PatrolCache } from './patrol/patrol-cache';
import { PatrolMonitor } from './patrol/patrol-monitor';
import { PatrolPlanService } from './patrol/patrol-plan.service';
import { PatrolTick } from './patrol/patrol-tick';
import { PatrolService } from './patrol/patrol.service';
import { BurstKeeper } from './ptt/burst-keeper';
import { AllCallService } from './ptt/allcall.service';
import { FloorService } from './ptt/floor.service';
import { PatchService } from './ptt/patch.service';
import { RecentBursts } from './ptt/recent-bursts';
import { RecordRepository } from './records/record.repository';
import { DisplayService } from './screen/display.service';
import { ScreenCountsTicker } from './screen/screen-counts';
import { ScreenService } from './screen/screen.service';
import { SosEscalation } from './sos/sos-escalation';
import { SosSettingsService } from './sos/sos-settings';
import { SosService } from './sos/sos.service';
import { ChannelSheets } from './spreadsheets/channel-sheets';
import { UserSheets } from './spreadsheets/user-sheets';
import { TempChannelService } from './temp-channels/temp-channel.service';
import { UserService } from './users/user.service';
import { WatchService } from './watch/watch.service';

/** The settings the feature services read, all from config.ts. */
export interface ModuleSettings {
  limits: TimeLimits;
  /** JANUS_URL: the diagnostics probe's target when PTT has no Janus of its own. */
  janusUrl: string | undefined;
  /** REDIS_URL: probed for the console's service status; none on a single node. */
  redisUrl?: string | undefined;
}

/**
 * The composition root's second half (app.ts makes the core): every feature service, once. Only
 * this file wires services to each other; routes and real-time handlers receive the result.
 */
export function composeModules(core: CoreDeps, settings: ModuleSettings): ModuleDeps {
  const { db, hub, auth, files, events, media, presence, sendLimiter, floorStore, log } = core;
  const { limits } = settings;
  const report = errorReporter(log);
  const chat = new ChatService(db, hub, sendLimiter);
  const monitorRooms = createMonitorRooms(media, log, limits);
  const monitor = new MonitorService(db, monitorRooms);
  const fenceCache = new FenceCache(db);
  const fenceMonitor = new FenceMonitor(db, hub, fenceCache);
  const bursts = new BurstKeeper({ db, files, media, chat }, report);
  const screen = new ScreenService({ db, presence, floorStore });
  const floors = new FloorService({ db, hub, media, floors: floorStore, channelName: (entId, channelId) => screen.channelName(entId, channelId) }, bursts, report);
  const patches = new PatchService({ db, hub, media }, floors, report);
  const patrolCache = new PatrolCache(db);
  const patrol = new PatrolService(db, hub, presence);
  const janusCheck = new JanusChecker(media, settings.janusUrl);
  const redisProbe = settings.redisUrl ? new RedisProbe(settings.redisUrl, log) : null;
  return {
    ...core,
    enterprise: new EnterpriseService(db, hub),
    users: new UserService(db, hub, auth, events, files),
    userSheets: new UserSheets(db, hub, events),
    channels: new ChannelService(db, hub, events),
    channelSheets: new ChannelSheets(db, hub, events),
    chat,
    devices: new DeviceService(db, hub),
    commands: new CommandService(db, hub, limits.commandExpiryMs, monitor),
    monitor,
    monitorRooms,
    fileService: new FileService(db, files),
    records: new RecordRepository(db),
    locations: new LocationService({ db, hub, presence, events }),
    sos: new SosService({ db, hub, presence, log, chat }),
    sosSettings: new SosSettingsService(db),
    sosEscalation: new SosEscalation({ db, hub, presence, log }, limits.sosSweepMs),
    calls: new CallService({ db, hub, media, log, chat }, { ringTimeoutMs: limits.callRingTimeoutMs, mediaTimeoutMs: limits.callMediaTimeoutMs }),
    fences: new FenceService(db, hub, fenceCache, fenceMonitor),
    fenceCache,
    fenceMonitor,
    packages: new PackageService(db, files),
    notices: new NoticeService({ db, hub, presence }),
    tempChannels: new TempChannelService({ db, hub }),
    floors,
    patches,
    allCalls: new AllCallService({ db, media }, floors, patches),
    recentBursts: new RecentBursts(db),
    janusCheck,
    serviceStatus: new ServiceStatusChecker(db, janusCheck, redisProbe),
    watch: new WatchService({ db, hub }),
    screen,
    displays: new DisplayService({ db, hub, log }),
    screenCounts: new ScreenCountsTicker((entId) => screen.counts(entId), limits.screenCountsTickMs, log),
    patrolPlan: new PatrolPlanService(db, hub),
    patrol,
    patrolCache,
    patrolMonitor: new PatrolMonitor(patrolCache, patrol, log),
    patrolTick: new PatrolTick({ db, hub, log }, patrolCache, limits.patrolTickMs),
  };
}
