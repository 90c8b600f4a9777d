//! Opening the window: the display check, the graphics backends, the icon, and handing the
//! app to eframe.

use super::{AppOptions, LogodeskApp};
use crate::backend::UserError;
use crate::ui::theme;

/// Why the window could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No display server to show a window on.
    #[error("{}", crate::tr!("shell-no-display"))]
    NoDisplay,
    /// The window or its renderer could not be created.
    #[error("{}", crate::tr!("shell-window-failed", reason = .0.as_str()))]
    Window(String),
}

/// The window's icon.
fn icon() -> egui::IconData {
    eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon.png")).unwrap_or_default()
}

/// How eframe sets up wgpu: only the primary graphics API (Vulkan, Metal, DirectX 12) when it
/// has an adapter, with OpenGL as the fallback for machines without one. Loading the
/// OpenGL backend next to Vulkan costs its driver (Mesa's `swrast_dri.so`, ~8 MB resident),
/// a second set of renderer threads and an OpenGL context that eframe keeps for the whole run,
/// although the window never uses it. `WGPU_BACKEND` still picks the backends by hand.
fn wgpu_options() -> eframe::egui_wgpu::WgpuConfiguration {
    use eframe::egui_wgpu::{WgpuConfiguration, WgpuSetup};
    use eframe::wgpu;
    let mut options = WgpuConfiguration::default();
    if let WgpuSetup::CreateNew(setup) = &mut options.wgpu_setup
        && wgpu::Backends::from_env().is_none()
    {
        setup.instance_descriptor.backends = graphics_backends();
    }
    options
}

/// The primary backends if any of them has an adapter on this machine, else those and
/// OpenGL.
fn graphics_backends() -> eframe::wgpu::Backends {
    use eframe::wgpu::{Backends, Instance, InstanceDescriptor};
    use futures_util::FutureExt as _;
    let primary = Instance::new(InstanceDescriptor {
        backends: Backends::PRIMARY,
        ..InstanceDescriptor::new_without_display_handle()
    });
    // Native enumeration is synchronous: the future is ready at once.
    let found = primary
        .enumerate_adapters(Backends::PRIMARY)
        .now_or_never()
        .is_some_and(|adapters| !adapters.is_empty());
    if found {
        Backends::PRIMARY
    } else {
        tracing::info!("no Vulkan, Metal or DirectX 12 adapter; OpenGL is tried too");
        Backends::PRIMARY | Backends::GL
    }
}

/// What the command line hands the window besides its options.
#[derive(Default)]
pub struct WindowHooks {
    /// Where another logodesk started on the same data folder asks this one to come forward.
    pub come_forward: Option<crate::instance::ForwardHook>,
    /// A sentence shown once the window is up (e.g. where the last crash note is).
    pub notice: Option<String>,
}

/// Brings the window to the front (un-minimized, focused; where the desktop refuses focus,
/// it asks for the person's attention instead). Safe from any thread.
pub fn come_forward(ctx: &egui::Context) {
    ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
    ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
    ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
        egui::UserAttentionType::Informational,
    ));
    ctx.request_repaint();
}

/// Opens the window and runs until it is closed. UI state (window, theme, screen, page size,
/// account) is kept in `ui.ron` in `data_dir`.
pub fn run(
    options: AppOptions,
    data_dir: &std::path::Path,
    hooks: WindowHooks,
) -> Result<(), AppError> {
    #[cfg(all(unix, not(target_os = "macos")))]
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        return Err(AppError::NoDisplay);
    }
    let screenshot = options.screenshot.is_some();
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("logodesk")
            .with_app_id("logodesk")
            .with_inner_size(theme::DEFAULT_WINDOW)
            .with_min_inner_size(theme::MIN_WINDOW)
            .with_icon(icon()),
        persist_window: !screenshot,
        persistence_path: Some(data_dir.join("ui.ron")),
        wgpu_options: wgpu_options(),
        ..Default::default()
    };
    eframe::run_native(
        "logodesk",
        native,
        Box::new(move |cc| {
            let mut app = LogodeskApp::new(cc, options)?;
            if let Some(hook) = hooks.come_forward {
                let ctx = cc.egui_ctx.clone();
                hook.set(move || come_forward(&ctx));
            }
            if let Some(notice) = hooks.notice {
                app.notify(&UserError::new(notice, None));
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| match e {
        eframe::Error::AppCreation(inner) => AppError::Window(inner.to_string()),
        other => AppError::Window(other.to_string()),
    })
}
