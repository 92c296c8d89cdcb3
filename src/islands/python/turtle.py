# Xuetang's turtle for skulpt in a worker (skulpt's own turtle needs the page's DOM). The geometry is done here,
# so pos(), heading() and distance() answer at once; every move is sent to the page (_xtgfx.send), which draws
# it on its canvas at the turtle's speed. Follows CPython's turtle: standard mode (0 = east, counterclockwise),
# origin at the centre, y up.
import _xtgfx
import math

_send = _xtgfx.send

_SPEEDS = {'fastest': 0, 'fast': 10, 'normal': 6, 'slow': 3, 'slowest': 1}


class Terminator(Exception):
    pass


class TurtleGraphicsError(Exception):
    pass


class _Screen(object):
    def __init__(self):
        self._mode = 1.0
        self._bg = 'white'
        self._tracer = 1
        self._turtles = []

    def _color(self, args):
        if len(args) == 1:
            args = args[0]
        if isinstance(args, str):
            return args
        try:
            r, g, b = args
        except Exception:
            raise TurtleGraphicsError('bad color sequence: %s' % (args,))
        if self._mode == 1.0:
            r, g, b = r * 255, g * 255, b * 255
        for v in (r, g, b):
            if v < 0 or v > 255:
                raise TurtleGraphicsError('bad color sequence: %s' % (args,))
        return 'rgb(%d,%d,%d)' % (round(r), round(g), round(b))

    def colormode(self, cmode=None):
        if cmode is None:
            return 255 if self._mode == 255 else 1.0
        self._mode = 255 if int(cmode) == 255 else 1.0

    def bgcolor(self, *args):
        if not args:
            return self._bg
        self._bg = self._color(args)
        _send('bg', self._bg)

    def tracer(self, n=None, delay=None):
        if n is None:
            return self._tracer
        self._tracer = n
        _send('tracer', 1 if n else 0)

    def update(self):
        pass

    def delay(self, delay=None):
        return 0

    def setup(self, width=None, height=None, startx=None, starty=None):
        pass

    def screensize(self, canvwidth=None, canvheight=None, bg=None):
        if bg is not None:
            self.bgcolor(bg)
        return (480, 360)

    def title(self, titlestring):
        pass

    def window_width(self):
        return 480

    def window_height(self):
        return 360

    def clear(self):
        for t in self._turtles:
            t.clear()
        self.bgcolor('white')

    clearscreen = clear

    def reset(self):
        for t in self._turtles:
            t.reset()

    resetscreen = reset

    def turtles(self):
        return list(self._turtles)

    def textinput(self, title, prompt):
        return input(prompt)

    def numinput(self, title, prompt, default=None, minval=None, maxval=None):
        while True:
            s = input(prompt)
            try:
                v = float(s)
            except ValueError:
                print('请输入一个数')
                continue
            if (minval is not None and v < minval) or (maxval is not None and v > maxval):
                print('超出范围')
                continue
            return v

    def mainloop(self):
        pass

    done = mainloop

    def exitonclick(self):
        pass

    def bye(self):
        pass

    def listen(self, xdummy=None, ydummy=None):
        pass

    def onkey(self, fun, key=None):
        pass

    onkeypress = onkey
    onkeyrelease = onkey

    def onclick(self, fun, btn=1, add=None):
        pass

    onscreenclick = onclick

    def ontimer(self, fun, t=0):
        pass


_screen = _Screen()


def Screen():
    return _screen


class Turtle(object):
    _next_id = [0]

    def __init__(self, shape='classic', visible=True):
        Turtle._next_id[0] += 1
        self._id = Turtle._next_id[0]
        _screen._turtles.append(self)
        _send('new', self._id)
        self._visible = visible
        self._shape = shape
        self._init_state()
        self._pose()

    def _init_state(self):
        self._x = 0.0
        self._y = 0.0
        self._h = 0.0
        self._down = True
        self._width = 1
        self._pencolor = 'black'
        self._fillcolor = 'black'
        self._speed = 3
        self._fill = None

    def _pose(self):
        _send('pose', self._id, self._visible, self._shape, self._pencolor, self._fillcolor)

    def _sp(self):
        return self._speed if _screen._tracer else 0

    def _moveto(self, x, y):
        x, y = float(x), float(y)
        _send('line', self._id, self._x, self._y, x, y, self._pencolor, self._width, self._sp(), self._down)
        if self._fill is not None:
            self._fill.append((x, y))
            if self._down:
                self._fill_lines.append((self._x, self._y, x, y, self._pencolor, self._width))
        self._x, self._y = x, y

    def _turnto(self, h):
        _send('turn', self._id, self._h, h, self._sp())
        self._h = h

    # Motion
    def forward(self, distance):
        a = math.radians(self._h)
        self._moveto(self._x + distance * math.cos(a), self._y + distance * math.sin(a))

    fd = forward

    def back(self, distance):
        self.forward(-distance)

    bk = back
    backward = back

    def left(self, angle):
        self._turnto(self._h + angle)

    lt = left

    def right(self, angle):
        self._turnto(self._h - angle)

    rt = right

    def goto(self, x, y=None):
        if y is None:
            x, y = x
        self._moveto(x, y)

    setpos = goto
    setposition = goto

    def setx(self, x):
        self._moveto(x, self._y)

    def sety(self, y):
        self._moveto(self._x, y)

    def setheading(self, to_angle):
        self._turnto(float(to_angle))

    seth = setheading

    def home(self):
        self._moveto(0, 0)
        self._turnto(0.0)

    def circle(self, radius, extent=None, steps=None):
        if extent is None:
            extent = 360
        frac = abs(extent) / 360.0
        if steps is None:
            steps = 1 + int(min(11 + abs(radius) / 6.0, 59.0) * frac)
        w = 1.0 * extent / steps
        w2 = 0.5 * w
        l = 2.0 * radius * math.sin(math.radians(w2))
        if radius < 0:
            l, w, w2 = -l, -w, -w2
        self._turnto(self._h + w2)
        for i in range(steps):
            self.forward(l)
            self._turnto(self._h + w)
        self._turnto(self._h - w2)

    def dot(self, size=None, *color):
        if size is None or isinstance(size, str) or isinstance(size, tuple):
            if size is not None:
                color = (size,)
            size = max(self._width + 4, self._width * 2)
        c = _screen._color(color) if color else self._pencolor
        _send('dot', self._x, self._y, size, c)

    def stamp(self):
        _send('stamp', self._id, self._x, self._y, self._h, self._shape, self._pencolor, self._fillcolor)
        return 0

    def speed(self, speed=None):
        if speed is None:
            return self._speed
        if isinstance(speed, str):
            speed = _SPEEDS.get(speed, 6)
        speed = int(round(speed))
        self._speed = speed if 0.5 < speed < 10.5 else 0

    # State
    def position(self):
        return (round(self._x, 10), round(self._y, 10))

    pos = position

    def xcor(self):
        return self._x

    def ycor(self):
        return self._y

    def heading(self):
        return self._h % 360

    def towards(self, x, y=None):
        if y is None:
            x, y = x
        return math.degrees(math.atan2(y - self._y, x - self._x)) % 360

    def distance(self, x, y=None):
        if y is None:
            if isinstance(x, Turtle):
                x, y = x._x, x._y
            else:
                x, y = x
        return math.hypot(x - self._x, y - self._y)

    # Pen
    def pendown(self):
        self._down = True

    pd = pendown
    down = pendown

    def penup(self):
        self._down = False

    pu = penup
    up = penup

    def isdown(self):
        return self._down

    def pensize(self, width=None):
        if width is None:
            return self._width
        self._width = width

    width = pensize

    def pencolor(self, *args):
        if not args:
            return self._pencolor
        self._pencolor = _screen._color(args)
        self._pose()

    def fillcolor(self, *args):
        if not args:
            return self._fillcolor
        self._fillcolor = _screen._color(args)
        self._pose()

    def color(self, *args):
        if not args:
            return (self._pencolor, self._fillcolor)
        if len(args) == 2:
            self._pencolor = _screen._color((args[0],))
            self._fillcolor = _screen._color((args[1],))
        else:
            self._pencolor = self._fillcolor = _screen._color(args)
        self._pose()

    def begin_fill(self):
        self._fill = [(self._x, self._y)]
        self._fill_lines = []

    def end_fill(self):
        if self._fill is not None and len(self._fill) > 2:
            flat = []
            for (x, y) in self._fill:
                flat.append(x)
                flat.append(y)
            _send('fill', flat, self._fillcolor, self._fill_lines)
        self._fill = None

    def filling(self):
        return self._fill is not None

    def hideturtle(self):
        self._visible = False
        self._pose()

    ht = hideturtle

    def showturtle(self):
        self._visible = True
        self._pose()

    st = showturtle

    def isvisible(self):
        return self._visible

    def shape(self, name=None):
        if name is None:
            return self._shape
        self._shape = name
        self._pose()

    def write(self, arg, move=False, align='left', font=('Arial', 8, 'normal')):
        size = font[1] if len(font) > 1 else 8
        _send('write', self._x, self._y, str(arg), self._pencolor, align, size, font[0])
        if move:
            self._moveto(self._x + len(str(arg)) * size * 0.6, self._y)

    def clear(self):
        _send('clear', self._id)

    def reset(self):
        _send('clear', self._id)
        self._init_state()
        _send('line', self._id, 0, 0, 0, 0, 'black', 1, 0, False)
        _send('turn', self._id, 0, 0, 0)
        self._pose()

    def getscreen(self):
        return _screen

    def done(self):
        pass


Pen = Turtle
RawTurtle = Turtle
_pen = [None]


def _getpen():
    if _pen[0] is None:
        _pen[0] = Turtle()
    return _pen[0]


def _make(name):
    def f(*args, **kwargs):
        return getattr(_getpen(), name)(*args, **kwargs)
    return f


# (skulpt cannot assign through globals(): each name is spelled out.)
forward = _make('forward')
fd = _make('fd')
back = _make('back')
bk = _make('bk')
backward = _make('backward')
left = _make('left')
lt = _make('lt')
right = _make('right')
rt = _make('rt')
goto = _make('goto')
setpos = _make('setpos')
setposition = _make('setposition')
setx = _make('setx')
sety = _make('sety')
setheading = _make('setheading')
seth = _make('seth')
home = _make('home')
circle = _make('circle')
dot = _make('dot')
stamp = _make('stamp')
speed = _make('speed')
position = _make('position')
pos = _make('pos')
xcor = _make('xcor')
ycor = _make('ycor')
heading = _make('heading')
towards = _make('towards')
distance = _make('distance')
pendown = _make('pendown')
pd = _make('pd')
down = _make('down')
penup = _make('penup')
pu = _make('pu')
up = _make('up')
isdown = _make('isdown')
pensize = _make('pensize')
width = _make('width')
pencolor = _make('pencolor')
fillcolor = _make('fillcolor')
color = _make('color')
begin_fill = _make('begin_fill')
end_fill = _make('end_fill')
filling = _make('filling')
hideturtle = _make('hideturtle')
ht = _make('ht')
showturtle = _make('showturtle')
st = _make('st')
isvisible = _make('isvisible')
shape = _make('shape')
write = _make('write')
clear = _make('clear')
reset = _make('reset')


def getpen():
    return _getpen()


getturtle = getpen


def _screen_fn(name):
    def f(*args, **kwargs):
        return getattr(_screen, name)(*args, **kwargs)
    return f


bgcolor = _screen_fn('bgcolor')
colormode = _screen_fn('colormode')
tracer = _screen_fn('tracer')
update = _screen_fn('update')
delay = _screen_fn('delay')
setup = _screen_fn('setup')
screensize = _screen_fn('screensize')
title = _screen_fn('title')
window_width = _screen_fn('window_width')
window_height = _screen_fn('window_height')
clearscreen = _screen_fn('clearscreen')
resetscreen = _screen_fn('resetscreen')
turtles = _screen_fn('turtles')
textinput = _screen_fn('textinput')
numinput = _screen_fn('numinput')
mainloop = _screen_fn('mainloop')
done = _screen_fn('done')
exitonclick = _screen_fn('exitonclick')
bye = _screen_fn('bye')
listen = _screen_fn('listen')
onkey = _screen_fn('onkey')
onkeypress = _screen_fn('onkeypress')
onkeyrelease = _screen_fn('onkeyrelease')
onscreenclick = _screen_fn('onscreenclick')
ontimer = _screen_fn('ontimer')
