import { EditorView, ViewPlugin, type ViewUpdate } from '@uiw/react-codemirror'

// The editor scrolls sideways instead of wrapping (each line one row, so the gutter's numbers stay beside their
// lines). Two cues that text runs on out of view: a thin scrollbar in the app's palette, and a fade at each edge
// where it does (overlay scrollbars, as on macOS, show nothing until one scrolls).

type Side = 'left' | 'right'

const scrollbar = EditorView.theme({
  '.cm-scroller': { scrollbarWidth: 'thin', scrollbarColor: 'var(--color-slate-400) transparent' },
  '.cm-overflow-fade': { position: 'absolute', width: '2rem', pointerEvents: 'none', zIndex: '250' },
  '.cm-overflow-fade[data-side="left"]': { background: 'linear-gradient(to right, var(--color-white), transparent)' },
  '.cm-overflow-fade[data-side="right"]': { background: 'linear-gradient(to left, var(--color-white), transparent)' },
})

interface Overflow {
  left: boolean
  right: boolean
  /** the gutter's width: the left fade starts beside it */
  gutter: number
  /** the scrolled area, inside the scrollbars (and beside any panel): the fades cover its edges */
  top: number
  height: number
  scrollbarWidth: number
}

function fadeElement(side: Side): HTMLElement {
  const element = document.createElement('div')
  element.className = 'cm-overflow-fade'
  element.dataset.side = side
  element.dataset.testid = `code-overflow-${side}`
  element.setAttribute('aria-hidden', 'true')
  element.hidden = true
  return element
}

const edgeFades = ViewPlugin.fromClass(
  class {
    private readonly fades = { left: fadeElement('left'), right: fadeElement('right') }

    constructor(private readonly view: EditorView) {
      view.dom.append(this.fades.left, this.fades.right)
      view.scrollDOM.addEventListener('scroll', this.measure, { passive: true })
      this.measure()
    }

    update(update: ViewUpdate) {
      if (update.geometryChanged || update.docChanged || update.viewportChanged) this.measure()
    }

    // read and write in CodeMirror's measure cycle: no layout thrash between its own reads and writes
    readonly measure = () => {
      this.view.requestMeasure<Overflow>({
        key: this,
        read: (view) => {
          const scroller = view.scrollDOM
          return {
            left: scroller.scrollLeft > 1,
            right: scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1,
            gutter: scroller.querySelector<HTMLElement>('.cm-gutters')?.offsetWidth ?? 0,
            top: scroller.offsetTop,
            height: scroller.clientHeight,
            scrollbarWidth: scroller.offsetWidth - scroller.clientWidth,
          }
        },
        write: (overflow) => {
          for (const side of ['left', 'right'] as const) {
            const fade = this.fades[side]
            fade.hidden = !overflow[side]
            fade.style.top = `${overflow.top}px`
            fade.style.height = `${overflow.height}px`
            if (side === 'left') fade.style.left = `${overflow.gutter}px`
            else fade.style.right = `${overflow.scrollbarWidth}px`
          }
        },
      })
    }

    destroy() {
      this.view.scrollDOM.removeEventListener('scroll', this.measure)
      this.fades.left.remove()
      this.fades.right.remove()
    }
  },
)

/** A thin scrollbar and edge fades for an editor whose long lines scroll sideways. */
export const sidewaysOverflowCues = [scrollbar, edgeFades]
