//! Drawing the Utility space view's diagrams, in pixels of the [`Frame`] (scaled by the
//! theme's device pixel ratio), so that what is drawn is exactly where the page hit-tests.

use super::axes::{draw_axes, nice_ticks};
use super::frame::{Area, CHAR_W, Frame, LEGEND_ROW, legend_layout, pix, wrap};
use super::{
    Boundary, CloudMarks, HexPlot, Key, RegionLabel, Regions, SlicePlot, Swatch, legend_box,
};
use crate::colour::over;
use crate::mc_space::{Tone, density_cells, group_style, marker_at, tone_colour};
use crate::{DrawResult, Theme};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::space::{HEXAGON, Point};

/// The opaque fill of a region.
fn region_colour(s: Swatch, current: bool, theme: &Theme) -> RGBColor {
    let base = match s {
        Swatch::Series(i) => theme.series(i),
        Swatch::Muted(i) => {
            if i % 2 == 0 {
                RGBColor(128, 128, 128)
            } else {
                RGBColor(70, 70, 70)
            }
        }
    };
    let a = match (theme.dark, current) {
        (false, false) => 0.30,
        (false, true) => 0.55,
        (true, false) => 0.42,
        (true, true) => 0.68,
    };
    // Opaque: adjacent pieces of one region then show no seam.
    over(base, theme.bg(), a)
}

/// Region fills, the boundaries over them.
fn draw_regions<DB: DrawingBackend>(
    root: &Area<DB>,
    f: &Frame,
    r: &Regions,
    theme: &Theme,
) -> DrawResult<DB> {
    for fill in &r.fills {
        let pts: Vec<(i32, i32)> = fill.polygon.iter().map(|p| pix(f, *p)).collect();
        if pts.len() < 3 {
            continue;
        }
        let c = region_colour(fill.swatch, fill.current, theme);
        root.draw(&Polygon::new(pts.clone(), c.filled()))?;
        let mut ring = pts;
        ring.push(ring[0]);
        root.draw(&PathElement::new(ring, c.stroke_width(theme.px(1.0))))?;
    }
    Ok(())
}

fn draw_boundaries<DB: DrawingBackend>(
    root: &Area<DB>,
    f: &Frame,
    edges: &[Boundary],
    theme: &Theme,
) -> DrawResult<DB> {
    for e in edges {
        let w = if e.current { 2.6 } else { 1.4 };
        root.draw(&PathElement::new(
            vec![pix(f, e.from), pix(f, e.to)],
            theme.fg().mix(0.85).stroke_width(theme.px(w)),
        ))?;
    }
    Ok(())
}

/// Each label whose estimated box (half-width `≈ 3.3 px` per character, half-height 7 px)
/// fits in the room around its point.
fn draw_labels<DB: DrawingBackend>(
    root: &Area<DB>,
    f: &Frame,
    labels: &[RegionLabel],
    theme: &Theme,
) -> DrawResult<DB> {
    // Data units to px along x (both axes have the same scale in a square frame of a square
    // range; for a slice take the smaller).
    let sx = f.width / (f.x_range.1 - f.x_range.0);
    let sy = f.height / (f.y_range.1 - f.y_range.0);
    let s = theme.scale.max(1e-9);
    for l in labels {
        let room_px = l.room * sx.min(sy) / s; // CSS px
        let half_w = 0.5 * CHAR_W * 12.5 / 12.0 * l.text.chars().count() as f64;
        if room_px < 8.0 || half_w > 1.25 * room_px {
            continue;
        }
        root.draw(&Text::new(
            l.text.clone(),
            pix(f, l.at),
            theme.font(12.5).pos(Pos::new(HPos::Center, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// The current point: a ring with a halo, visible on any colour.
fn draw_current<DB: DrawingBackend>(
    root: &Area<DB>,
    c: (i32, i32),
    size: f64,
    theme: &Theme,
) -> DrawResult<DB> {
    root.draw(&Circle::new(
        c,
        theme.px(size + 2.0),
        theme.bg().stroke_width(theme.px(2.5)),
    ))?;
    root.draw(&Circle::new(
        c,
        theme.px(size),
        theme.fg().stroke_width(theme.px(2.5)),
    ))?;
    root.draw(&Circle::new(c, theme.px(size * 0.3), theme.fg().filled()))?;
    Ok(())
}

fn draw_mean<DB: DrawingBackend>(
    root: &Area<DB>,
    c: (i32, i32),
    s: i32,
    theme: &Theme,
) -> DrawResult<DB> {
    let style = theme.fg().stroke_width(theme.px(2.0));
    root.draw(&PathElement::new(
        vec![(c.0 - s, c.1 - s), (c.0 + s, c.1 + s)],
        style,
    ))?;
    root.draw(&PathElement::new(
        vec![(c.0 - s, c.1 + s), (c.0 + s, c.1 - s)],
        style,
    ))?;
    Ok(())
}

fn draw_expected<DB: DrawingBackend>(
    root: &Area<DB>,
    c: (i32, i32),
    s: i32,
    theme: &Theme,
) -> DrawResult<DB> {
    let pts = vec![
        (c.0, c.1 - s),
        (c.0 + s, c.1),
        (c.0, c.1 + s),
        (c.0 - s, c.1),
    ];
    root.draw(&Polygon::new(pts.clone(), theme.bad().filled()))?;
    let mut ring = pts;
    ring.push(ring[0]);
    root.draw(&PathElement::new(
        ring,
        theme.fg().stroke_width(theme.px(1.2)),
    ))?;
    Ok(())
}

fn draw_cloud<DB: DrawingBackend>(
    root: &Area<DB>,
    f: &Frame,
    cloud: &CloudMarks,
    theme: &Theme,
) -> DrawResult<DB> {
    let dot = theme.fg().mix(0.45).filled();
    for p in cloud
        .points
        .iter()
        .filter(|p| p.0.is_finite() && p.1.is_finite())
    {
        root.draw(&Circle::new(pix(f, *p), theme.px(1.6), dot))?;
    }
    Ok(())
}

/// The legend entries' keys and labels, then the footnote, from CSS px `top`.
fn draw_legend<DB: DrawingBackend>(
    root: &Area<DB>,
    r: &Regions,
    frame: &Frame,
    width: f64,
    theme: &Theme,
) -> DrawResult<DB> {
    let s = theme.scale;
    let labels: Vec<&str> = r.legend.iter().map(|l| l.label.as_str()).collect();
    let (left, w) = legend_box(frame, width);
    let top = frame.legend_top();
    let layout = legend_layout(&labels, left, top, w);
    for (item, (x, y)) in r.legend.iter().zip(&layout.positions) {
        let c = (
            ((x + 6.0) * s).round() as i32,
            ((y + LEGEND_ROW / 2.0) * s).round() as i32,
        );
        let h = theme.px(6.0) as i32;
        match &item.key {
            Key::Region(sw, current) => {
                let colour = region_colour(*sw, *current, theme);
                root.draw(&Rectangle::new(
                    [(c.0 - h, c.1 - h), (c.0 + h, c.1 + h)],
                    colour.filled(),
                ))?;
                let edge = if *current { theme.fg() } else { theme.muted() };
                root.draw(&Rectangle::new(
                    [(c.0 - h, c.1 - h), (c.0 + h, c.1 + h)],
                    edge.stroke_width(theme.px(if *current { 2.0 } else { 1.0 })),
                ))?;
            }
            Key::Current => draw_current(root, c, 4.5, theme)?,
            Key::Candidate => {
                root.draw(&Circle::new(c, theme.px(2.2), theme.fg().mix(0.6).filled()))?
            }
            Key::Mean => draw_mean(root, c, theme.px(4.0) as i32, theme)?,
            Key::Expected => draw_expected(root, c, theme.px(5.5) as i32, theme)?,
            Key::Group(g) => {
                let colour = tone_colour(g.tone, theme);
                marker_at(root, c, g.marker, theme.px(4.5) as i32, colour.filled())?
            }
            Key::Density => {
                let colour = tone_colour(Tone::Blue, theme).mix(0.55);
                root.draw(&Rectangle::new(
                    [(c.0 - h, c.1 - h), (c.0 + h, c.1 + h)],
                    colour.filled(),
                ))?;
            }
        }
        root.draw(&Text::new(
            item.label.clone(),
            (((x + 18.0) * s).round() as i32, c.1),
            theme.font(12.0).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    let mut y = top + layout.height;
    for line in wrap(&r.footnote, w) {
        root.draw(&Text::new(
            line,
            ((left * s).round() as i32, ((y + 7.5) * s).round() as i32),
            theme
                .muted_font(11.0)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
        y += 15.0;
    }
    Ok(())
}

/// Draws a [`HexPlot`].
pub(super) fn hexagon<DB: DrawingBackend>(
    root: &Area<DB>,
    plot: &HexPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let width = theme.css_width(root);
    let f = plot.frame(width).scaled(theme.scale);
    let hex: Vec<(i32, i32)> = HEXAGON.iter().map(|p| pix(&f, *p)).collect();
    root.draw(&Polygon::new(hex.clone(), theme.grid().mix(0.5).filled()))?;
    draw_regions(root, &f, &plot.regions, theme)?;
    if let Some(d) = &plot.density {
        let base = tone_colour(Tone::Blue, theme);
        for (lo, hi, alpha) in density_cells(d) {
            root.draw(&Rectangle::new(
                [pix(&f, (lo.0, hi.1)), pix(&f, (hi.0, lo.1))],
                base.mix(alpha * 0.6).filled(),
            ))?;
        }
    }
    // The axes, where eq. 13 switches and boundaries bend.
    let faint = theme.fg().mix(0.25).stroke_width(theme.px(1.0));
    for seg in [[(-1.0, 0.0), (1.0, 0.0)], [(0.0, -1.0), (0.0, 1.0)]] {
        root.draw(&DashedPathElement::new(
            seg.iter().map(|p| pix(&f, *p)),
            theme.px(4.0),
            theme.px(4.0),
            faint,
        ))?;
    }
    draw_boundaries(root, &f, &plot.regions.boundaries, theme)?;
    let mut ring = hex;
    ring.push(ring[0]);
    root.draw(&PathElement::new(
        ring,
        theme.muted().stroke_width(theme.px(1.5)),
    ))?;
    if plot.curve.len() >= 2 {
        root.draw(&DashedPathElement::new(
            plot.curve.iter().map(|p| pix(&f, *p)),
            theme.px(5.0),
            theme.px(3.0),
            theme.muted().stroke_width(theme.px(1.3)),
        ))?;
    }
    for g in &plot.groups {
        let (size, style) = group_style(g, theme);
        for p in g
            .points
            .iter()
            .filter(|p| p.0.is_finite() && p.1.is_finite())
        {
            marker_at(root, pix(&f, *p), g.marker, size, style)?;
        }
    }
    if let Some(c) = &plot.cloud {
        draw_cloud(root, &f, c, theme)?;
    }
    draw_landmarks(root, &f, &plot.landmarks, theme)?;
    draw_labels(root, &f, &plot.regions.labels, theme)?;
    if let Some(c) = &plot.cloud {
        if let Some(e) = c.expected {
            draw_expected(root, pix(&f, e), theme.px(7.0) as i32, theme)?;
        }
        if let Some(m) = c.mean {
            draw_mean(root, pix(&f, m), theme.px(5.0) as i32, theme)?;
        }
    }
    if let Some(p) = plot.current {
        draw_current(root, pix(&f, p), 7.0, theme)?;
    }
    let ticks = [-1.0, -0.5, 0.0, 0.5, 1.0];
    draw_axes(
        root,
        &f,
        &ticks,
        &ticks,
        ("x = N11 − N00", "y = N01 − N10"),
        theme,
    )?;
    draw_legend(root, &plot.regions, &plot.frame(width), width, theme)
}

fn draw_landmarks<DB: DrawingBackend>(
    root: &Area<DB>,
    f: &Frame,
    landmarks: &[(Point, String)],
    theme: &Theme,
) -> DrawResult<DB> {
    for (p, label) in landmarks {
        let c = pix(f, *p);
        let minor = label.starts_with("NB");
        let r = if minor { 2.5 } else { 4.0 };
        root.draw(&Circle::new(
            c,
            theme.px(r),
            theme.fg().stroke_width(theme.px(1.6)),
        ))?;
        let right_side = p.0 > 0.6;
        let dx = theme.px(6.0) as i32 * if right_side { -1 } else { 1 };
        let dy = theme.px(if minor { 5.0 } else { 6.0 }) as i32 * if minor { 1 } else { -1 };
        let h = if right_side { HPos::Right } else { HPos::Left };
        let v = if minor { VPos::Top } else { VPos::Bottom };
        let font = if minor {
            theme.muted_font(10.0)
        } else {
            theme.font(11.5)
        };
        root.draw(&Text::new(
            label.clone(),
            (c.0 + dx, c.1 + dy),
            font.pos(Pos::new(h, v)),
        ))?;
    }
    Ok(())
}

/// Draws a [`SlicePlot`].
pub(super) fn slice<DB: DrawingBackend>(
    root: &Area<DB>,
    plot: &SlicePlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let width = theme.css_width(root);
    let f = plot.frame(width).scaled(theme.scale);
    if !(plot.x_range.1 > plot.x_range.0 && plot.y_range.1 > plot.y_range.0) {
        return Ok(());
    }
    draw_regions(root, &f, &plot.regions, theme)?;
    draw_boundaries(root, &f, &plot.regions.boundaries, theme)?;
    draw_labels(root, &f, &plot.regions.labels, theme)?;
    if let Some(p) = plot.current {
        draw_current(root, pix(&f, p), 7.0, theme)?;
    }
    let narrow = width < 500.0;
    let n = if narrow { 4 } else { 6 };
    let xs = nice_ticks(plot.x_range.0, plot.x_range.1, n);
    let ys = nice_ticks(plot.y_range.0, plot.y_range.1, n);
    draw_axes(root, &f, &xs, &ys, (&plot.x_title, &plot.y_title), theme)?;
    draw_legend(root, &plot.regions, &plot.frame(width), width, theme)
}
